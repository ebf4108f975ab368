/** Both local API servers with a little demo data: for `npm run sandbox` and `npm start`. */
// @ts-nocheck

import { CheckMonitorServer, CM_KEY, CM_READ_ONLY_KEY } from './checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from './customerEngagementServer';

export const SANDBOX_CONTACT_ID = 'ct_demo_ann';

export async function startSandbox(cePort = 4010, cmPort = 4020) {
	const ce = await new CustomerEngagementServer().start(cePort);
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
	// A stable id, so the example workflows can name this contact.
	const stored = ce.state.contacts.get(ann.id as string)!;
	ce.state.contacts.delete(ann.id as string);
	stored.id = SANDBOX_CONTACT_ID;
	ce.state.contacts.set(SANDBOX_CONTACT_ID, stored);
	ce.seedContact({ firstName: 'Bob', lastName: 'Stone', phone: '+15550101' });
	ce.seedVisit({ contactId: SANDBOX_CONTACT_ID, points: 5 });
	ce.state.rewards.set('rw_coffee', { id: 'rw_coffee', title: 'Free coffee', points: 10, quantity: { total: null, perContact: null }, startDate: null, expiredDate: null, expires: false, type: 'ITEM', value: null, itemId: null, itemName: null });

	const cm = await new CheckMonitorServer().start(cmPort);
	cm.seedChannel('ops-email', 'email');
	const backup = cm.seedCheck({ name: 'Nightly backup', slug: 'nightly-backup', tags: 'prod backup', timeout: 86400 });
	cm.seedCheck({ name: 'Invoice export', slug: 'invoice-export', tags: 'prod', kind: 'cron', schedule: '0 6 * * *' });
	cm.receivePing(backup.uuid, '', 'backup finished: 42 files');

	return {
		ce,
		cm,
		describe: () => [
			`Customer Engagement API  ${ce.url}  access token: ${CE_TOKEN}`,
			`Check Monitor API        ${cm.url}  API key: ${CM_KEY}  (read-only: ${CM_READ_ONLY_KEY})`,
		],
		stop: async () => {
			await Promise.all([ce.stop(), cm.stop()]);
		},
	};
}
