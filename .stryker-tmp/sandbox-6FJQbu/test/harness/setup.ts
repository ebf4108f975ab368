/** Per-test-file servers on random loopback ports, reset between tests. */
// @ts-nocheck

import { CheckMonitorServer, CM_KEY } from '../servers/checkMonitorServer';
import { CustomerEngagementServer, CE_TOKEN } from '../servers/customerEngagementServer';

export function useCustomerEngagementServer() {
	const server = new CustomerEngagementServer();
	beforeAll(async () => {
		await server.start();
	});
	afterAll(async () => {
		await server.stop();
	});
	beforeEach(() => server.reset());
	return {
		server,
		credentials: () => ({ customerEngagementApi: { baseUrl: server.url, accessToken: CE_TOKEN } }),
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
	return {
		server,
		credentials: (apiKey: string = CM_KEY) => ({ checkMonitorApi: { baseUrl: server.url, apiKey } }),
	};
}

/** Every string in an error, output item or log, for "the secret never appears" checks. */
export function everything(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, function (_key, v) {
		if (v instanceof Error) {
			const out: Record<string, unknown> = {};
			for (const k of Object.getOwnPropertyNames(v)) out[k] = (v as unknown as Record<string, unknown>)[k];
			return out;
		}
		if (typeof v === 'object' && v !== null) {
			if (seen.has(v)) return '[circular]';
			seen.add(v);
		}
		return v;
	});
}
