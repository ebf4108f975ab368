/**
 * Ports for the processes the developer scripts start. A port is tested by binding it on
 * 127.0.0.1 and releasing it: nothing is ever sent to whatever already listens there (an
 * n8n without an owner would accept the first owner set-up it receives).
 */
import net from 'node:net';

/** Whether nothing listens on 127.0.0.1:port (binding it is the only test). */
export async function portIsFree(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
			server.close(() => resolve(true)),
		);
	});
}

/**
 * Ports this process has handed out. The system may offer the same free port to two
 * calls in a row (the first caller has not bound it yet), and a run then starts two
 * servers on one port: "CM_PORT and CE_PORT are both 36413" failed a CI run this way.
 * Per process, like all module state: each script picks its own ports.
 */
const handedOut = new Set<number>();

/**
 * A port free now and never handed out before by this process, drawn at random from
 * 20000-32767: below Linux's range for outgoing connections (32768 on), and not what the
 * system offers next, which two processes starting servers at once (the end-to-end tier
 * runs two) may both be offered while an n8n takes a minute to bind its own. A later bind
 * by another process may still race; a random draw over 12,768 ports makes it rare.
 */
export async function freePort(): Promise<number> {
	for (;;) {
		const port = 20000 + Math.floor(Math.random() * 12768);
		if (handedOut.has(port) || !(await portIsFree(port))) continue;
		handedOut.add(port);
		return port;
	}
}

export interface PortRequest {
	/** What uses it, for the message: "n8n", "the task broker of n8n". */
	purpose: string;
	/** The environment variable that sets it. */
	variable: string;
	port: number;
}

/**
 * Every requested port free, or one message naming each busy port and the variable that
 * moves it. Nothing is started before this passes.
 */
export async function busyPorts(requests: PortRequest[]): Promise<string | undefined> {
	const busy: PortRequest[] = [];
	const seen = new Map<number, PortRequest>();
	const clashes: string[] = [];
	for (const request of requests) {
		const other = seen.get(request.port);
		if (other) clashes.push(`${request.variable} and ${other.variable} are both ${request.port}`);
		seen.set(request.port, request);
		if (!(await portIsFree(request.port))) busy.push(request);
	}
	if (busy.length === 0 && clashes.length === 0) return undefined;
	return [
		...busy.map(
			(b) =>
				`Port ${b.port} (${b.purpose}) is already in use on 127.0.0.1, perhaps by another n8n. Set ${b.variable} to a free port, for example ${b.variable}=${b.port + 100} npm start.`,
		),
		...clashes.map((c) => `${c}: give each its own port.`),
		'Nothing was started and nothing was sent to the processes on those ports.',
	].join('\n');
}
