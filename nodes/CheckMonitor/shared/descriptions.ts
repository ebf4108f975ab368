import type { INodeProperties } from 'n8n-workflow';

/** The check: picked from a searchable list, or its UUID (get also takes a unique_key). */
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
							regex: '^\\s*([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[0-9a-fA-F]{40})\\s*$',
							errorMessage: 'Enter a check UUID, or a 40-character unique key',
						},
					},
				],
			},
		],
	};
}


/**
 * One description for the check of Check, Ping and Flip operations, so that they are one
 * parameter definition (see mergeSameNamedProperties): each definition of a name costs an
 * evaluation of the user's expression per item.
 */
export const CHECK_BY_UUID = "The check's UUID. Check → Get and the flip operations also accept its unique key (which read-only API keys see).";

/** The path of one check; `{checkId}` is filled in by the transport. */
export const CHECK_PATH = '/api/v3/checks/{checkId}';
