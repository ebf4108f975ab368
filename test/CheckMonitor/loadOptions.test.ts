/** The Channels multi-select's options (loadOptions/getChannels.ts), through n8n's LoadOptionsContext against the stand-in. */
import { runLoadOptions } from '../../harness/engine';
import { useCheckMonitorServer } from '../support/setup';

describe('Check Monitor', () => {
	const { server, credentials } = useCheckMonitorServer();

	test('Channels: "All Channels (*)" first, then each channel as "name (kind)", a nameless one by its ID', async () => {
		const ops = server.seedChannel('ops', 'email');
		const nameless = server.seedChannel('', 'slack');
		expect(
			await runLoadOptions({
				type: 'checkMonitor',
				method: 'getChannels',
				credentials: credentials(),
			}),
		).toEqual([
			{
				name: 'All Channels (*)',
				value: '*',
				description: 'Assign every integration of the project',
			},
			{ name: 'ops (email)', value: ops.id },
			{ name: `${nameless.id} (slack)`, value: nameless.id },
		]);
		expect(server.requestLines()).toEqual(['GET /api/v3/channels/']);
	});
});
