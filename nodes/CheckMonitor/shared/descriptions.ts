/**
 * What several resources show under one name with one meaning, declared once, as
 * n8n-nodes-starter's shared/descriptions.ts declares owner and repository: for every item,
 * n8n's routing evaluates the saved value of each definition of a name, shown or not.
 */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { limitParameter, returnAllParameter } from '../../shared/returnAllLimit';
import { SLUG, SLUG_RULE } from './checkMonitorApi';

/** A check picked from a searchable list, or by its UUID or unique key (the triggers' check). */
export function checkLocator(description?: string): INodeProperties {
	return {
		displayName: 'Check',
		name: 'checkId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a check...',
				typeOptions: { searchListMethod: 'searchChecks', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b',
				validation: [
					{
						type: 'regex',
						properties: {
							regex:
								'^\\s*([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[0-9a-fA-F]{40})\\s*$',
							errorMessage: 'Enter a check UUID, or a 40-character unique key',
						},
					},
				],
			},
		],
	};
}

/**
 * The check of every Check, Ping and Flip operation, with the same modes: By Slug pings by
 * slug in Ping → Send and is looked up first everywhere else (checkIdBySlug), and By ID takes
 * a unique key, which only Check → Get and the flip operations accept (Ping → Send says so
 * before sending; the others' requests are refused by the server, which names it).
 */
function operationCheckLocator(): INodeProperties {
	const locator = checkLocator(
		"The check. By ID: its UUID, e.g. 8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b (Check → Get and the flip operations also take its 40-character unique key, which read-only API keys see). By Slug: its slug, e.g. nightly-backup (lowercase letters, digits, - and _); Ping → Send pings it with the credential's Ping Key, the other operations look the check up by its slug first (one more request).",
	);
	return {
		...locator,
		modes: [
			...(locator.modes ?? []),
			{
				displayName: 'By Slug',
				name: 'slug',
				type: 'string',
				placeholder: 'e.g. nightly-backup',
				hint: "Ping → Send pings by slug with the credential's Ping Key; other operations look the check up first",
				validation: [
					// SLUG, with the spaces around it that the node trims.
					{
						type: 'regex',
						properties: { regex: `^\\s*${SLUG.source.slice(1, -1)}\\s*$`, errorMessage: SLUG_RULE },
					},
				],
			},
		],
	};
}

/**
 * Check, for every Check, Ping and Flip operation on one check. A display rule is resources ×
 * operations, so Check is one definition per rule below, each naming no operation that does
 * not show it: two, not one per resource (three).
 */
const CHECK_SHOWN: Array<IDisplayOptions['show']> = [
	{ resource: ['check'], operation: ['get', 'update', 'pause', 'resume', 'delete'] },
	{ resource: ['ping', 'flip'], operation: ['getAll', 'getBody', 'send'] },
];

/** Every Get Many: each resource has one, so one rule names them all. */
const GET_MANY = { resource: ['badge', 'channel', 'check', 'flip', 'ping'], operation: ['getAll'] };

/** In the order the editor shows them: after each resource's Operation, before each operation's own parameters. */
export const sharedParameters: INodeProperties[] = [
	...CHECK_SHOWN.map((show) => ({ ...operationCheckLocator(), displayOptions: { show } })),
	{ ...returnAllParameter, displayOptions: { show: GET_MANY } },
	{ ...limitParameter, displayOptions: { show: { ...GET_MANY, returnAll: [false] } } },
];
