import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

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

/** The contract's collection of everything else an operation can be told (`options`). */
export function optionsCollection(show: Show, options: INodeProperties[]): INodeProperties {
	return { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, displayOptions: { show }, options };
}

/** The contract's collection of a Get Many's filters (`filters`). */
export function filtersCollection(show: Show, options: INodeProperties[]): INodeProperties {
	return { displayName: 'Filters', name: 'filters', type: 'collection', placeholder: 'Add Filter', default: {}, displayOptions: { show }, options };
}

/** The contract's collection of a write's optional API fields (`additionalFields`). */
export function additionalFields(show: Show, options: INodeProperties[]): INodeProperties {
	return { displayName: 'Additional Fields', name: 'additionalFields', type: 'collection', placeholder: 'Add Field', default: {}, displayOptions: { show }, options };
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

/**
 * One definition of the hidden flag that shows a parameter several resources share: `shown`
 * where the flag's display rule applies (docs/architecture.md, "One definition per name").
 */
export function shownFlag(name: string, displayName: string, shown: boolean, displayOptions: IDisplayOptions): INodeProperties {
	return { displayName, name, type: 'hidden', default: shown, displayOptions };
}

/**
 * The fields of a collection that several operations share, for `operations` of `resource`:
 * each shown only there (n8n's `/` display rules name the node's own parameters). A field's
 * own `/operation` rule narrows it; a field for none of these operations is left out.
 */
export function fieldsFor(resource: string, operations: string[], fields: INodeProperties[]): INodeProperties[] {
	return fields.flatMap((field) => {
		const own = field.displayOptions?.show?.['/operation'] as string[] | undefined;
		const shownFor = own ? operations.filter((operation) => own.includes(operation)) : operations;
		if (shownFor.length === 0) return [];
		return [{ ...field, displayOptions: { show: { ...field.displayOptions?.show, '/resource': [resource], '/operation': shownFor } } }];
	});
}
