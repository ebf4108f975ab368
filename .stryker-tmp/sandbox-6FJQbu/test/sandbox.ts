/**
 * `npm run sandbox`: both local API servers on fixed loopback ports with a little demo
 * data, for trying the nodes in a real n8n by hand. Ctrl+C stops them.
 */
// @ts-nocheck

import { startSandbox } from './servers/sandbox';

startSandbox(Number(process.env.CE_PORT ?? 4010), Number(process.env.CM_PORT ?? 4020))
	.then((sandbox) => {
		for (const line of sandbox.describe()) console.log(line);
		console.log('Press Ctrl+C to stop.');
		const stop = async () => {
			await sandbox.stop();
			process.exit(0);
		};
		process.on('SIGINT', stop);
		process.on('SIGTERM', stop);
	})
	.catch((error) => {
		console.error(error);
		process.exit(1);
	});
