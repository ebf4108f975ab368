/**
 * `npm run sandbox`: both local API servers on fixed loopback ports with a little demo
 * data, for trying the nodes in an n8n of your own. Keys play events (a visit, a check
 * going down, ...) so trigger workflows fire. Ports: CE_PORT (4010), CM_PORT (4020),
 * checked before anything starts; the Webhook integration calls the n8n at N8N_URL
 * (http://127.0.0.1:5678). Ctrl+C or q stops them.
 */
import { busyPorts } from '../shared/ports';
import {
	connectInstantExample,
	describeKeys,
	playFromKeyboard,
	startSandbox,
} from '../../harness/servers/sandbox';

async function main() {
	const cePort = Number(process.env.CE_PORT || 4010);
	const cmPort = Number(process.env.CM_PORT || 4020);
	const busy = await busyPorts([
		{ purpose: 'the Customer Engagement stand-in', variable: 'CE_PORT', port: cePort },
		{ purpose: 'the Check Monitor stand-in', variable: 'CM_PORT', port: cmPort },
	]);
	if (busy) {
		console.error(busy.replaceAll('npm start', 'npm run sandbox'));
		process.exit(1);
	}
	const sandbox = await startSandbox(cePort, cmPort);
	// Changes are pushed to examples/check-down-instant-note.json in the n8n at N8N_URL.
	connectInstantExample(sandbox, process.env.N8N_URL || 'http://127.0.0.1:5678');
	for (const line of sandbox.describe()) console.log(line);
	const stop = async () => {
		stopKeys();
		await sandbox.stop();
		process.exit(0);
	};
	const stopKeys = playFromKeyboard(sandbox, () => void stop());
	if (process.stdin.isTTY) {
		console.log('Keys play events, so that trigger workflows fire:');
		for (const line of describeKeys()) console.log(line);
	}
	console.log('Press Ctrl+C (or q) to stop.');
	process.on('SIGINT', () => void stop());
	process.on('SIGTERM', () => void stop());
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
