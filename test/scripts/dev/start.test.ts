/**
 * `npm start`'s refusals: they happen before anything is started or installed, and never
 * send a byte to a process already on a port (an n8n without an owner would accept the
 * first owner set-up it receives).
 */
import { mkdtempSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/shared/ports';
import {
	configFrom,
	startEnvironment,
	StartRefused,
	type StartConfig,
} from '../../../scripts/dev/start';

/** A listener that records every connection and byte it receives. */
async function occupy(): Promise<{
	port: number;
	connections: number;
	bytes: number;
	close: () => Promise<void>;
}> {
	const seen = { connections: 0, bytes: 0 };
	const server = net.createServer((socket) => {
		seen.connections++;
		socket.on('data', (data) => (seen.bytes += data.length));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as net.AddressInfo).port;
	return {
		port,
		get connections() {
			return seen.connections;
		},
		get bytes() {
			return seen.bytes;
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

async function config(overrides: Partial<StartConfig> = {}): Promise<StartConfig> {
	const lines: string[] = [];
	const n8nPort = await freePort();
	return {
		n8nPort,
		brokerPort: await freePort(),
		cePort: await freePort(),
		cmPort: await freePort(),
		folder: path.join(mkdtempSync(path.join(os.tmpdir(), 'start-test-')), 'sandbox'),
		reset: false,
		dev: false,
		log: (line) => lines.push(line),
		...overrides,
	};
}

async function refusal(startConfig: StartConfig): Promise<string> {
	const error = await startEnvironment(startConfig).then(
		() => undefined,
		(e: Error) => e,
	);
	expect(error).toBeInstanceOf(StartRefused);
	return (error as Error).message;
}

describe('npm start refuses busy ports before starting anything', () => {
	test.each([
		['N8N_PORT', 'n8nPort', 'n8n'],
		['N8N_RUNNERS_BROKER_PORT', 'brokerPort', "n8n's task broker"],
		['CE_PORT', 'cePort', 'the Customer Engagement stand-in'],
		['CM_PORT', 'cmPort', 'the Check Monitor stand-in'],
	] as const)(
		'%s busy: a message naming the variable, nothing sent to that port, nothing created',
		async (variable, key, purpose) => {
			const other = await occupy();
			try {
				const startConfig = await config({ [key]: other.port });
				const message = await refusal(startConfig);
				expect(message).toBe(
					`Port ${other.port} (${purpose}) is already in use on 127.0.0.1, perhaps by another n8n. Set ${variable} to a free port, for example ${variable}=${other.port + 100} npm start.\n` +
						'Nothing was started and nothing was sent to the processes on those ports.',
				);
				expect(other.connections).toBe(0);
				expect(other.bytes).toBe(0);
				expect(readdirSync(path.dirname(startConfig.folder))).toEqual([]);
			} finally {
				await other.close();
			}
		},
	);

	test('two services given the same port are refused', async () => {
		const startConfig = await config();
		const message = await refusal({ ...startConfig, cmPort: startConfig.cePort });
		expect(message).toBe(
			`CM_PORT and CE_PORT are both ${startConfig.cePort}: give each its own port.\nNothing was started and nothing was sent to the processes on those ports.`,
		);
	});
});

describe('npm start configuration', () => {
	test('defaults, and every port from its variable', () => {
		const defaults = configFrom({}, []);
		expect([
			defaults.n8nPort,
			defaults.brokerPort,
			defaults.cePort,
			defaults.cmPort,
			defaults.reset,
		]).toEqual([5678, 5679, 4010, 4020, false]);
		expect(defaults.folder).toBe(path.resolve(__dirname, '../../../.sandbox'));
		const custom = configFrom(
			{ N8N_PORT: '6000', CE_PORT: '6100', CM_PORT: '6200', SANDBOX_FOLDER: '/tmp/x' },
			['--reset'],
		);
		expect([
			custom.n8nPort,
			custom.brokerPort,
			custom.cePort,
			custom.cmPort,
			custom.folder,
			custom.reset,
		]).toEqual([6000, 6001, 6100, 6200, '/tmp/x', true]);
		expect(configFrom({ N8N_PORT: '6000', N8N_RUNNERS_BROKER_PORT: '7000' }, []).brokerPort).toBe(
			7000,
		);
	});

	test.each(['abc', '0', '70000', '80.5'])(
		'a port of "%s" is refused, naming the variable',
		(value) => {
			expect(() => configFrom({ CE_PORT: value }, [])).toThrow(
				new StartRefused(`CE_PORT must be a port number from 1 to 65535, not "${value}".`),
			);
		},
	);

	test('a folder npm start did not make is left alone, even with --reset', async () => {
		const startConfig = await config({ reset: true });
		mkdirSync(startConfig.folder, { recursive: true });
		writeFileSync(path.join(startConfig.folder, 'database.sqlite'), 'precious');
		expect(await refusal(startConfig)).toBe(
			`${startConfig.folder} is not empty and was not made by npm start; it is left alone. Set SANDBOX_FOLDER to a new folder.`,
		);
		expect(readdirSync(startConfig.folder)).toEqual(['database.sqlite']);
	});

	test('a folder in use by a running npm start is refused', async () => {
		const startConfig = await config();
		mkdirSync(startConfig.folder, { recursive: true });
		writeFileSync(path.join(startConfig.folder, '.engagement-monitor-sandbox'), '');
		writeFileSync(path.join(startConfig.folder, 'start.pid'), String(process.ppid));
		expect(await refusal({ ...startConfig, reset: true })).toBe(
			`${startConfig.folder} is in use by another npm start (pid ${process.ppid}); not reset. Stop it first.`,
		);
		expect(await refusal(startConfig)).toBe(
			`${startConfig.folder} is in use by another npm start (pid ${process.ppid}). Stop it first, or set SANDBOX_FOLDER to another folder.`,
		);
	});
});
