/**
 * Each node's public surface: the names users' saved workflows depend on
 * (docs/node-contract.md) and what n8n reads from a node type before any parameter:
 * its name, credential, inputs and outputs, whether it polls or can be a tool, and the
 * search and load-options methods its parameters name. Each node is built inside the test,
 * as n8n builds it when it loads the package.
 *
 * Package-wide: the public names of all five nodes and the three credentials (docs/node-contract.md),
 * and that page's list of operations held equal to the build.
 */
import {
	NodeHelpers,
	type ICredentialType,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { CheckMonitorApi } from '../../credentials/CheckMonitorApi.credentials';
import { CheckMonitorWebhookHttpHeaderAuth } from '../../credentials/CheckMonitorWebhookHttpHeaderAuth.credentials';
import { CustomerEngagementApi } from '../../credentials/CustomerEngagementApi.credentials';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';
import { CheckMonitorTrigger } from '../../nodes/CheckMonitorTrigger/CheckMonitorTrigger.node';
import { CheckMonitorWebhookTrigger } from '../../nodes/CheckMonitorWebhookTrigger/CheckMonitorWebhookTrigger.node';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { CustomerEngagementTrigger } from '../../nodes/CustomerEngagementTrigger/CustomerEngagementTrigger.node';
import { contractOperations } from '../../harness/nodeContract';
import { operationsOf } from '../../harness/nodeOperations';

const nodes: Array<[string, () => INodeType, object]> = [
	[
		'Customer Engagement',
		() => new CustomerEngagement(),
		{
			name: 'customerEngagement',
			group: ['transform'],
			version: 1,
			defaults: { name: 'Customer Engagement' },
			usableAsTool: true,
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'customerEngagementApi', required: true }],
		},
	],
	[
		'Check Monitor',
		() => new CheckMonitor(),
		{
			name: 'checkMonitor',
			group: ['transform'],
			version: 1,
			defaults: { name: 'Check Monitor' },
			usableAsTool: true,
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'checkMonitorApi', required: true }],
		},
	],
	[
		'Customer Engagement Trigger',
		() => new CustomerEngagementTrigger(),
		{
			name: 'customerEngagementTrigger',
			group: ['trigger'],
			version: 1,
			defaults: { name: 'Customer Engagement Trigger' },
			polling: true,
			inputs: [],
			outputs: ['main'],
			credentials: [{ name: 'customerEngagementApi', required: true }],
		},
	],
	[
		'Check Monitor Trigger',
		() => new CheckMonitorTrigger(),
		{
			name: 'checkMonitorTrigger',
			group: ['trigger'],
			version: 1,
			defaults: { name: 'Check Monitor Trigger' },
			polling: true,
			inputs: [],
			outputs: ['main'],
			credentials: [{ name: 'checkMonitorApi', required: true }],
		},
	],
	[
		'Check Monitor Webhook Trigger',
		() => new CheckMonitorWebhookTrigger(),
		{
			name: 'checkMonitorWebhookTrigger',
			displayName: 'Check Monitor Webhook Trigger',
			group: ['trigger'],
			version: 1,
			defaults: { name: 'Check Monitor Webhook Trigger' },
			inputs: [],
			outputs: ['main'],
			credentials: [{ name: 'checkMonitorWebhook', required: true }],
			// The production URL the user pastes into the server: <n8n>/webhook/<webhookId>/webhook.
			webhooks: [{ name: 'default', httpMethod: 'POST', path: 'webhook' }],
		},
	],
];

/** The methods the parameters name, by kind, at any depth (options of collections, locator modes). */
function methodsNamed(properties: INodeProperties[]): {
	listSearch: Set<string>;
	loadOptions: Set<string>;
} {
	const named = { listSearch: new Set<string>(), loadOptions: new Set<string>() };
	const visit = (value: unknown): void => {
		if (Array.isArray(value)) value.forEach(visit);
		else if (value && typeof value === 'object') {
			const record = value as Record<string, unknown>;
			if (typeof record.searchListMethod === 'string')
				named.listSearch.add(record.searchListMethod);
			if (typeof record.loadOptionsMethod === 'string')
				named.loadOptions.add(record.loadOptionsMethod);
			Object.values(record).forEach(visit);
		}
	};
	visit(properties);
	return named;
}

describe.each(nodes)('%s', (_name, build, surface) => {
	test('has the name, credential, inputs and outputs n8n and saved workflows expect', () => {
		expect(build().description).toMatchObject(surface);
	});

	test('every search and load-options method a parameter names is there, and none is unused', () => {
		const node = build();
		const named = methodsNamed(node.description.properties);
		for (const kind of ['listSearch', 'loadOptions'] as const) {
			const methods = (node.methods?.[kind] ?? {}) as Record<string, unknown>;
			expect([kind, Object.keys(methods).sort()]).toEqual([kind, [...named[kind]].sort()]);
			for (const method of Object.values(methods)) expect(typeof method).toBe('function');
		}
	});
});

test('the check of the methods above sees methods inside locators and collections (so it can fail)', () => {
	const named = methodsNamed(new CustomerEngagement().description.properties);
	expect(named.listSearch).toEqual(
		new Set(['searchContacts', 'searchCustomFields', 'searchLabels', 'searchRewards']),
	);
	expect(named.loadOptions.has('getLabels')).toBe(true);
});

/** The top-level parameters n8n shows for these values (defaults filled in). */
function shownFor(
	description: INodeTypeDescription,
	values: Record<string, unknown>,
): INodeProperties[] {
	const parameters = NodeHelpers.getNodeParameters(
		description.properties,
		values as INodeParameters,
		true,
		false,
		null,
		description,
	) as INodeParameters;
	return description.properties.filter((p) =>
		NodeHelpers.displayParameter(parameters, p, null, description, parameters),
	);
}

const optionValues = (property: INodeProperties | undefined) =>
	((property?.options ?? []) as INodePropertyOptions[]).map((o) => o.value);

/**
 * docs/node-contract.md is the users' list of operations; the build is what n8n gets. Every
 * name an operation shows is held by savedWorkflows.test.ts (each default, per operation); here
 * the page's list and its rules for every operation: each locator with the modes `list` and
 * `id`, Return All and Limit on every Get Many.
 */
describe.each([
	['Customer Engagement', () => new CustomerEngagement().description],
	['Check Monitor', () => new CheckMonitor().description],
])('%s', (_name, build) => {
	test('its resources and operations are the ones docs/node-contract.md lists', () => {
		const description = build();
		const sorted = (operations: Record<string, string[]>) =>
			Object.fromEntries(
				Object.entries(operations).map(([resource, values]) => [resource, [...values].sort()]),
			);
		expect(sorted(operationsOf(description))).toEqual(sorted(contractOperations(description.name)));
		expect(optionValues(description.properties.find((p) => p.name === 'resource')).sort()).toEqual(
			Object.keys(contractOperations(description.name)).sort(),
		);
	});

	test('every locator has the modes list and id; every Get Many has Return All, and Limit while it is off', () => {
		const description = build();
		for (const [resource, operations] of Object.entries(operationsOf(description))) {
			for (const operation of operations) {
				const at = `${resource}.${operation}`;
				const shown = shownFor(description, { resource, operation, returnAll: false });
				for (const locator of shown.filter((p) => p.type === 'resourceLocator')) {
					expect([at, locator.name, locator.modes?.map((m) => m.name).slice(0, 2)]).toEqual([
						at,
						locator.name,
						['list', 'id'],
					]);
				}
				if (operation === 'getAll') {
					expect([
						at,
						shown.find((p) => p.name === 'returnAll')?.type,
						shown.find((p) => p.name === 'limit')?.type,
					]).toEqual([at, 'boolean', 'number']);
					expect([
						at,
						shownFor(description, { resource, operation, returnAll: true }).some(
							(p) => p.name === 'limit',
						),
					]).toEqual([at, false]);
				}
			}
		}
	});
});

test("the check modes the page fixes: list, id and slug for every check operation; Ping → Send's signals", () => {
	const description = new CheckMonitor().description;
	for (const [resource, operations] of Object.entries(operationsOf(description))) {
		for (const operation of operations) {
			const check = shownFor(description, { resource, operation }).find(
				(p) => p.name === 'checkId',
			);
			if (check)
				expect([`${resource}.${operation}`, check.modes?.map((m) => m.name)]).toEqual([
					`${resource}.${operation}`,
					['list', 'id', 'slug'],
				]);
		}
	}
	const signal = shownFor(description, { resource: 'ping', operation: 'send' }).find(
		(p) => p.name === 'signal',
	);
	expect(optionValues(signal).sort()).toEqual(['exitStatus', 'fail', 'log', 'start', 'success']);
});

test('Ping Send shows Exit Status for the exit-status signal only', () => {
	const description = new CheckMonitor().description;
	const shown = (signal: string) =>
		shownFor(description, { resource: 'ping', operation: 'send', signal }).some(
			(p) => p.name === 'exitStatus',
		);
	expect([shown('exitStatus'), shown('success')]).toEqual([true, false]);
});

test.each([
	[
		'Customer Engagement Trigger',
		() => new CustomerEngagementTrigger().description,
		{ event: ['newVisit', 'newContact', 'newRedeem', 'newLoyaltyReward'] },
	],
	[
		'Check Monitor Trigger',
		() => new CheckMonitorTrigger().description,
		{ event: ['newFlip', 'newPing', 'lateCheck'], scope: ['one', 'all'] },
	],
])('%s keeps its event (and scope) values', (_name, build, fixed) => {
	const description = build();
	for (const [name, values] of Object.entries(fixed)) {
		expect([
			name,
			optionValues(description.properties.find((p) => p.name === name)).sort(),
		]).toEqual([name, [...values].sort()]);
	}
});

test('the Check Monitor Webhook Trigger keeps its events values and default (both) and polls nothing', () => {
	const description = new CheckMonitorWebhookTrigger().description;
	const events = description.properties.find((p) => p.name === 'events');
	expect([events?.type, optionValues(events).sort(), events?.default, description.polling]).toEqual(
		['multiOptions', ['down', 'up'], ['down', 'up'], undefined],
	);
});

test('the Check Monitor Trigger asks for a check (a locator) for one check and for New Ping, not for all checks', () => {
	const description = new CheckMonitorTrigger().description;
	const asks = (values: Record<string, unknown>) =>
		shownFor(description, values).find((p) => p.name === 'checkId')?.type;
	expect([
		asks({ event: 'newFlip', scope: 'one' }),
		asks({ event: 'newFlip', scope: 'all' }),
		asks({ event: 'newPing' }),
		asks({ event: 'lateCheck', scope: 'one' }),
		asks({ event: 'lateCheck' }),
	]).toEqual(['resourceLocator', undefined, 'resourceLocator', 'resourceLocator', undefined]);
});

test.each([
	[
		() => new CustomerEngagementApi(),
		'customerEngagementApi',
		'Customer Engagement API',
		{ baseUrl: ['string', true], accessToken: ['string', true, true] },
	],
	[
		() => new CheckMonitorApi(),
		'checkMonitorApi',
		'Check Monitor API',
		{
			baseUrl: ['string', true],
			apiKey: ['string', true, true],
			pingUrl: ['string', false],
			pingKey: ['string', false, true],
		},
	],
	[
		() => new CheckMonitorWebhookHttpHeaderAuth(),
		'checkMonitorWebhook',
		'Check Monitor Webhook',
		{ headerName: ['string', true], secret: ['string', true, true] },
	],
])(
	'credential %#: its name, display name and fields (type, required, a password) as the contract fixes them',
	(build, name, displayName, fields) => {
		const credential = build();
		expect([credential.name, credential.displayName]).toEqual([name, displayName]);
		expect(
			Object.fromEntries(
				credential.properties.map((p) => [
					p.name,
					[p.type, p.required === true, ...(p.typeOptions?.password ? [true] : [])],
				]),
			),
		).toEqual(fields);
	},
);

describe('the credentials as the node contract fixes them (saved credentials depend on the names)', () => {
	const fields = (credential: ICredentialType) =>
		credential.properties.map(({ name, type, required, default: value, typeOptions }) => ({
			name,
			type,
			required: required ?? false,
			default: value,
			password: typeOptions?.password ?? false,
		}));

	test.each([
		[
			'Customer Engagement API: a required Base URL and a required Access Token, kept as a password',
			() => new CustomerEngagementApi(),
			'customerEngagementApi',
			[
				{ name: 'baseUrl', type: 'string', required: true, default: '', password: false },
				{ name: 'accessToken', type: 'string', required: true, default: '', password: true },
			],
		],
		[
			'Check Monitor API: the hosted service by default, a required API key, an optional Ping URL and Ping Key (a password)',
			() => new CheckMonitorApi(),
			'checkMonitorApi',
			[
				{
					name: 'baseUrl',
					type: 'string',
					required: true,
					default: 'https://healthchecks.io',
					password: false,
				},
				{ name: 'apiKey', type: 'string', required: true, default: '', password: true },
				{ name: 'pingUrl', type: 'string', required: false, default: '', password: false },
				{ name: 'pingKey', type: 'string', required: false, default: '', password: true },
			],
		],
		// Built inside the test, so that the mutation run counts this test as covering the class's
		// fields (a table built while jest collects tests covers them in no test).
	])('%s', (_name, build, name, expected) => {
		const credential = build();
		expect(credential.name).toBe(name);
		expect(fields(credential)).toEqual(expected);
	});
});

/**
 * A trigger's form as the editor shows it for each event: every shown parameter with its type
 * and default, its choices, bounds and locator modes, options of collections included. The
 * defaults are part of the contract: n8n saves only values that differ from them, so a
 * changed default changes what a saved trigger watches.
 */
function form(description: INodeTypeDescription, values: Record<string, unknown>): unknown[] {
	const summary = (p: INodeProperties): unknown => [
		p.name,
		p.type,
		p.default,
		...(p.required ? ['required'] : []),
		...(p.noDataExpression ? ['no expression'] : []),
		...(p.typeOptions?.minValue !== undefined || p.typeOptions?.maxValue !== undefined
			? [[p.typeOptions?.minValue, p.typeOptions?.maxValue]]
			: []),
		...(p.modes
			? [
					p.modes.map((m) => [
						m.name,
						...(m.typeOptions?.searchListMethod
							? [m.typeOptions.searchListMethod, m.typeOptions.searchable === true]
							: []),
					]),
				]
			: []),
		...(p.type === 'options' || p.type === 'multiOptions' ? [optionValues(p)] : []),
		...(p.type === 'collection' ? [(p.options as INodeProperties[]).map(summary)] : []),
	];
	return shownFor(description, values).map(summary);
}

const LIST_OR_ID = (method: string) => [['list', method, true], ['id']];
const NEW_LOCATOR = { mode: 'list', value: '' };

test.each([
	[
		'Customer Engagement Trigger',
		() => new CustomerEngagementTrigger().description,
		(event: unknown[]) => [
			[
				{},
				[
					event,
					['contactId', 'resourceLocator', NEW_LOCATOR, LIST_OR_ID('searchContacts')],
					['lookBackHours', 'number', 24, [0, 720]],
				],
			],
			[{ event: 'newContact' }, [event]],
			[
				{ event: 'newRedeem' },
				[
					event,
					['contactId', 'resourceLocator', NEW_LOCATOR, LIST_OR_ID('searchContacts')],
					['rewardId', 'resourceLocator', NEW_LOCATOR, LIST_OR_ID('searchRewards')],
					['redeemWindowMinutes', 'number', 60, [1, 1440]],
				],
			],
			[{ event: 'newLoyaltyReward' }, [event]],
		],
		[
			'event',
			'options',
			'newVisit',
			'no expression',
			['newContact', 'newLoyaltyReward', 'newRedeem', 'newVisit'],
		],
	],
	[
		'Check Monitor Trigger',
		() => new CheckMonitorTrigger().description,
		(event: unknown[]) => {
			const scope = ['scope', 'options', 'all', ['all', 'one']];
			const direction = ['direction', 'options', 'any', ['any', 'up', 'down']];
			const check = [
				'checkId',
				'resourceLocator',
				NEW_LOCATOR,
				'required',
				LIST_OR_ID('searchChecks'),
			];
			const flipOptions = [
				'options',
				'collection',
				{},
				[
					['fullSweepMinutes', 'number', 60, [0, undefined]],
					['lookBackMinutes', 'number', 60, [0, undefined]],
					['requestsPerMinute', 'number', 100, [1, undefined]],
				],
			];
			const pingOptions = [
				'options',
				'collection',
				{},
				[
					['includeBody', 'boolean', false],
					['requestsPerMinute', 'number', 100, [1, undefined]],
					['pingTypes', 'multiOptions', [], ['fail', 'ign', 'log', 'start', 'success']],
				],
			];
			// New Ping watched one check before it could watch all: a saved New Ping trigger has no scope.
			const pingScope = ['scope', 'options', 'one', ['all', 'one']];
			return [
				[{}, [event, scope, ['tags', 'string', ''], direction, flipOptions]],
				[{ event: 'newFlip', scope: 'one' }, [event, scope, check, direction, flipOptions]],
				[{ event: 'newPing' }, [event, pingScope, check, pingOptions]],
				[
					{ event: 'newPing', scope: 'all' },
					[event, pingScope, ['tags', 'string', ''], pingOptions],
				],
				// Late Check has no options: every poll is one request.
				[{ event: 'lateCheck' }, [event, scope, ['tags', 'string', '']]],
				[{ event: 'lateCheck', scope: 'one' }, [event, scope, check]],
			];
		},
		['event', 'options', 'newFlip', 'no expression', ['newFlip', 'newPing', 'lateCheck']],
	],
] as Array<
	[
		string,
		() => INodeTypeDescription,
		(event: unknown[]) => Array<[Record<string, unknown>, unknown[]]>,
		unknown[],
	]
>)(
	'%s: the form of each event, with the defaults a saved trigger relies on',
	(_name, build, forms, event) => {
		for (const [values, expected] of forms(event))
			expect([values, form(build(), values)]).toEqual([values, expected]);
	},
);

test("a Check Monitor Trigger's check typed By ID is checked by n8n: a UUID or a 40-character unique key", () => {
	const description = new CheckMonitorTrigger().description;
	const issues = (value: string) => {
		const node = {
			id: 'n',
			name: 'Trigger',
			type: 'checkMonitorTrigger',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: { event: 'newPing', checkId: { __rl: true, mode: 'id', value } },
		};
		return (
			NodeHelpers.getNodeParametersIssues(description.properties, node, description)?.parameters
				?.checkId ?? []
		);
	};
	const uuid = '8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b';
	expect([uuid, ` ${uuid.toUpperCase()} `, 'a'.repeat(40)].map(issues)).toEqual([[], [], []]);
	for (const bad of ['nightly-backup', 'a'.repeat(39), `${uuid}x`, `x${uuid}`])
		expect([bad, issues(bad)]).toEqual([bad, ['Enter a check UUID, or a 40-character unique key']]);
});
