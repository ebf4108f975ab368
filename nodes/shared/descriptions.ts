import type { INodeProperties } from 'n8n-workflow';

type Show = Record<string, string[]>;

/** Return All / Limit for a Get Many operation; the transport reads them (requestedLimit). */
export function getManyParameters(show: Show): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			displayOptions: { show },
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { show: { ...show, returnAll: [false] } },
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
		},
	];
}

/** The contract's collection of a write's optional API fields (`additionalFields`). */
export function additionalFields(show: Show, options: INodeProperties[]): INodeProperties {
	return { displayName: 'Additional Fields', name: 'additionalFields', type: 'collection', placeholder: 'Add Field', default: {}, displayOptions: { show }, options };
}
