/** The check search (listSearch/searchChecks.ts), run as the editor runs it, against the stand-in. */
import { runListSearch } from '../../harness/engine';
import { useCheckMonitorServer } from '../support/setup';
import { CM_READ_ONLY_KEY } from '../../harness/servers/checkMonitorServer';

describe('Check Monitor', () => {
	const { server, credentials } = useCheckMonitorServer();

	test('checks match by name, slug or tag; the read-only key lists unique keys', async () => {
		const backup = server.seedCheck({ name: 'Backup', slug: 'db-backup', tags: 'prod' });
		server.seedCheck({ name: 'Export', slug: 'export', tags: 'staging' });
		const byTag = await runListSearch({
			type: 'checkMonitor',
			method: 'searchChecks',
			credentials: credentials(),
			filter: 'prod',
		});
		expect(byTag.results).toEqual([{ name: 'Backup [prod]', value: backup.uuid }]);
		const readOnly = await runListSearch({
			type: 'checkMonitor',
			method: 'searchChecks',
			credentials: credentials(CM_READ_ONLY_KEY),
			filter: 'db-',
		});
		expect(readOnly.results[0].value).toMatch(/^[0-9a-f]{40}$/);
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/', 'GET /api/v3/checks/']);
	});

	test('without a filter every check is listed (the list as the editor first opens it)', async () => {
		const backup = server.seedCheck({ name: 'Backup', tags: 'prod' });
		const untitled = server.seedCheck({ slug: 'export' });
		const all = await runListSearch({
			type: 'checkMonitor',
			method: 'searchChecks',
			credentials: credentials(),
		});
		expect(all.results).toEqual([
			{ name: 'Backup [prod]', value: backup.uuid },
			{ name: 'export', value: untitled.uuid },
		]);
	});
});
