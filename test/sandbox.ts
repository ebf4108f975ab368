/**
 * `npm run sandbox`: both local API servers on fixed loopback ports with a little demo
 * data, for trying the nodes in a real n8n by hand. Ctrl+C stops them.
 */
import { CheckMonitorServer, CM_KEY, CM_READ_ONLY_KEY } from './servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from './servers/customerEngagementServer';

const CE_PORT = Number(process.env.CE_PORT ?? 4010);
const CM_PORT = Number(process.env.CM_PORT ?? 4020);

async function main() {
	const ce = await new CustomerEngagementServer().start(CE_PORT);
	const vip = { id: 'lb_vip', name: 'VIP', color: 'AMBER' };
	ce.state.labels.set(vip.id, vip);
	ce.state.customFields.set('cf_size', {
		id: 'cf_size',
		name: 'T-shirt size',
		type: 'single_select',
		options: [
			{ id: 'op_s', value: 'S' },
			{ id: 'op_m', value: 'M' },
		],
	});
	const ann = ce.seedContact({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '+15550100', labels: [{ id: vip.id }] });
	ce.seedContact({ firstName: 'Bob', lastName: 'Stone', phone: '+15550101' });
	ce.seedVisit({ contactId: ann.id as string, points: 5 });

	const cm = await new CheckMonitorServer().start(CM_PORT);
	cm.seedChannel('ops-email', 'email');
	const backup = cm.seedCheck({ name: 'Nightly backup', slug: 'nightly-backup', tags: 'prod backup', timeout: 86400 });
	cm.seedCheck({ name: 'Invoice export', slug: 'invoice-export', tags: 'prod', kind: 'cron', schedule: '0 6 * * *' });
	cm.receivePing(backup.uuid, '', 'backup finished: 42 files');

	console.log(`Customer Engagement API  ${ce.url}  access token: ${CE_TOKEN}`);
	console.log(`Check Monitor API        ${cm.url}  API key: ${CM_KEY}  (read-only: ${CM_READ_ONLY_KEY})`);
	console.log('Press Ctrl+C to stop.');
	const stop = async () => {
		await Promise.all([ce.stop(), cm.stop()]);
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
