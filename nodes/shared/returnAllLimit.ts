import type { INodeProperties } from 'n8n-workflow';

/** Return All and Limit of a Get Many, placed by its own display rules; its pagination reads them (requestedLimit). */
export const returnAllParameter: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

/** Shown while Return All is off: add `returnAll: [false]` to its display rule. */
export const limitParameter: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
};
