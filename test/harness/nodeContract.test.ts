import { contractOperations } from '../../harness/nodeContract';

const page = [
	'## Customer Engagement (`customerEngagement`)',
	'',
	'| `resource` | `operation` values | Names fixed by the contract |',
	'|---|---|---|',
	'| `contact` | `create`, `get` | `contactId` (locator); create: `email` |',
	'| `status` | `get` | |',
	'',
	'Text that names `other` things.',
	'',
	'## Check Monitor (`checkMonitor`)',
	'| `check` | `create` | |',
].join('\n');

test("reads the resources and operations of one node's table, and nothing of the next section", () => {
	expect(contractOperations('customerEngagement', page)).toEqual({
		contact: ['create', 'get'],
		status: ['get'],
	});
	expect(contractOperations('checkMonitor', page)).toEqual({ check: ['create'] });
});

test('says which section is missing or empty', () => {
	expect(() => contractOperations('webhook', page)).toThrow(
		'docs/node-contract.md has no section "## … (`webhook`)"',
	);
	expect(() =>
		contractOperations(
			'customerEngagement',
			'## Customer Engagement (`customerEngagement`)\nno table',
		),
	).toThrow('lists no resource');
});

test("the repository's page gives both action nodes their operations", () => {
	expect(Object.values(contractOperations('customerEngagement')).flat().length).toBeGreaterThan(20);
	expect(contractOperations('checkMonitor').ping).toEqual(['getAll', 'getBody', 'send']);
});
