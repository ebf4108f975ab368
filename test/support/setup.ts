/** Per-test-file servers on random loopback ports, reset between tests. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CheckMonitorServer, CM_KEY } from '../../harness/servers/checkMonitorServer';
import { CustomerEngagementServer, CE_TOKEN } from '../../harness/servers/customerEngagementServer';
import { runNode } from '../../harness/engine';

export function useCustomerEngagementServer() {
	const server = new CustomerEngagementServer();
	beforeAll(async () => {
		await server.start();
	});
	afterAll(async () => {
		await server.stop();
	});
	beforeEach(() => server.reset());
	const credentials = () => ({
		customerEngagementApi: { baseUrl: server.url, accessToken: CE_TOKEN },
	});
	return {
		server,
		credentials,
		/** The Customer Engagement node through n8n's engine against this server (`token`: another access token). */
		run: (
			parameters: Record<string, unknown>,
			options: {
				items?: object[];
				continueOnFail?: boolean;
				token?: string;
				executionId?: string;
				credentialId?: string;
			} = {},
		) =>
			runNode({
				type: 'customerEngagement',
				parameters: parameters as never,
				credentials: options.token
					? { customerEngagementApi: { baseUrl: server.url, accessToken: options.token } }
					: credentials(),
				items: options.items as never,
				continueOnFail: options.continueOnFail,
				executionId: options.executionId,
				credentialId: options.credentialId,
			}),
	};
}

export function useCheckMonitorServer() {
	const server = new CheckMonitorServer();
	beforeAll(async () => {
		await server.start();
	});
	afterAll(async () => {
		await server.stop();
	});
	beforeEach(() => server.reset());
	const credentials = (apiKey: string = CM_KEY) => ({
		checkMonitorApi: { baseUrl: server.url, apiKey },
	});
	return {
		server,
		credentials,
		/** The Check Monitor node through n8n's engine against this server. */
		run: (
			parameters: Record<string, unknown>,
			options: { apiKey?: string; items?: object[]; continueOnFail?: boolean } = {},
		) =>
			runNode({
				type: 'checkMonitor',
				parameters: parameters as never,
				credentials: credentials(options.apiKey),
				items: options.items as never,
				continueOnFail: options.continueOnFail,
			}),
	};
}

/** Every string in an error, output item or log, for "the secret never appears" checks. */
export function everything(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, function (_key, v) {
		if (v instanceof Error) {
			const out: Record<string, unknown> = {};
			for (const k of Object.getOwnPropertyNames(v))
				out[k] = (v as unknown as Record<string, unknown>)[k];
			return out;
		}
		if (typeof v === 'object' && v !== null) {
			if (seen.has(v)) return '[circular]';
			seen.add(v);
		}
		return v;
	});
}

/**
 * A gateway in front of a Customer Engagement stand-in that sets the X-Total-Count it
 * sends to `value` (undefined: as sent), as a proxy that rewrites headers would; its
 * credentials reach the stand-in through it.
 */
export async function totalCountGateway(
	server: CustomerEngagementServer,
	value: string | undefined,
) {
	let rewrite = value;
	const upstream = new URL(server.url);
	const gateway = http.createServer((req, res) => {
		const forward = http.request(
			{
				host: upstream.hostname,
				port: upstream.port,
				path: req.url,
				method: req.method,
				headers: req.headers,
			},
			(answer) => {
				const headers = { ...answer.headers };
				if (headers['x-total-count'] !== undefined && rewrite !== undefined)
					headers['x-total-count'] = rewrite;
				res.writeHead(answer.statusCode ?? 502, headers);
				answer.pipe(res);
			},
		);
		// The stand-in closing a connection fails this request, not the test run.
		forward.on('error', () => res.destroy());
		req.pipe(forward);
	});
	await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
	return {
		credentials: {
			customerEngagementApi: {
				baseUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
				accessToken: CE_TOKEN,
			},
		},
		/** From now on, set X-Total-Count to this (undefined: as sent). */
		rewrite: (next: string | undefined) => (rewrite = next),
		close: async () => {
			gateway.closeAllConnections();
			await new Promise<void>((resolve) => gateway.close(() => resolve()));
		},
	};
}
