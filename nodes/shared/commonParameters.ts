import type { INodeProperties } from 'n8n-workflow';

type Show = Record<string, string[]>;

/** Return All / Limit of the Get Many operations; the pagination hooks read them (requestedLimit). */
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

/**
 * Simplify, as n8n's newer nodes have it: on by default, and placed the same way in every
 * operation (after the operation's own parameters, before its collections). The output
 * functions read it with the same default (SIMPLIFY_DEFAULT).
 */
export const SIMPLIFY_DEFAULT = true;
export function simplifyParameter(show: Show, description: string): INodeProperties {
	return { displayName: 'Simplify', name: 'simplify', type: 'boolean', default: true, description, displayOptions: { show } };
}

/**
 * Shown only in the node's AI-tool variant (n8n's `@tool` display condition; n8n 1.x has it
 * too). "Let the model define this parameter" writes `$fromAI('<display name>', '', '<type>')`:
 * the model is told the field's name and type, and the description n8n leaves empty is the
 * user's to write. Each field's tooltip says the value's form, ready to be copied there.
 */
export function toolNotice(example: string): INodeProperties {
	return {
		displayName: `A model fills a field you let it define knowing only the field's name. Give each such field a description that says the value's form, as its tooltip does: for example ${example}.`,
		name: 'toolNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@tool': [true] } },
	};
}
