/**
 * Select custom fields by option name: a contact's custom field value is an option ID for
 * single and multi select fields, which users do not know. The node accepts the option's
 * name too (from an expression or typed), and resolves it with the field definitions,
 * read once per execution (not per item) and kept for the last few executions of this
 * n8n process (module state is per process: in queue mode each worker reads its own).
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { directRequest } from '../../../shared/directRequest';
import { invalidInput } from '../../../shared/invalidInput';
import { customerEngagementApi } from '../../shared/customerEngagementApi';

const KEPT_EXECUTIONS = 8;
const definitionsByExecution = new Map<string, Promise<IDataObject[]>>();

async function definitions(context: IExecuteSingleFunctions): Promise<IDataObject[]> {
	const credential = context.getNode().credentials?.customerEngagementApi?.id ?? '';
	const key = `${context.getExecutionId()}:${credential}`;
	let pending = definitionsByExecution.get(key);
	if (!pending) {
		pending = directRequest(context, customerEngagementApi, { url: '/v1/custom-fields' }).then(({ body }) => (Array.isArray(body) ? (body as IDataObject[]) : []));
		// A failed read is not kept: the next item tries again.
		pending.catch(() => definitionsByExecution.delete(key));
		definitionsByExecution.set(key, pending);
		while (definitionsByExecution.size > KEPT_EXECUTIONS) definitionsByExecution.delete(definitionsByExecution.keys().next().value as string);
	}
	return await pending;
}

/** How many executions' definitions this process holds now (a test reads it: memory stays bounded). */
export const keptDefinitionReads = (): number => definitionsByExecution.size;

const SELECT_TYPES = ['single_select', 'multi_select'];

/** Custom field values with option names replaced by option IDs (other values as given). */
export async function resolveOptionNames(
	context: IExecuteSingleFunctions,
	fields: Array<{ id: string; value: string }>,
): Promise<Array<{ id: string; value: string }>> {
	if (!fields.some((field) => field.value.trim() !== '')) return fields;
	const byId = new Map((await definitions(context)).map((definition) => [String(definition.id), definition]));
	return fields.map((field) => {
		const definition = byId.get(field.id);
		// A blank value (the field cleared) has no entries below and is sent as ''.
		if (!definition || !SELECT_TYPES.includes(String(definition.type))) return field;
		const options = ((definition.options ?? []) as IDataObject[]).map((o) => ({ id: String(o.id), name: String(o.value) }));
		// Blank entries of a list (`Alpha, Beta,` from a joined column) are no options.
		const wanted = (definition.type === 'multi_select' ? field.value.split(',') : [field.value]).map((raw) => raw.trim()).filter(Boolean);
		const ids = wanted.map((entry) => {
			const match = options.find((o) => o.id === entry) ?? options.find((o) => o.name.toLowerCase() === entry.toLowerCase());
			if (!match) {
				throw invalidInput(
					context,
					`Custom field "${String(definition.name)}"`,
					`"${entry}" is not one of its options`,
					`Use an option name or ID: ${options.map((o) => `${o.name} (${o.id})`).join(', ') || 'the field has no options'}.`,
				);
			}
			return match.id;
		});
		return { id: field.id, value: ids.join(',') };
	});
}

/** preSend of the contact's Custom Fields: the API's `[{id, value}]`, option names resolved. */
export async function customFieldsForApi(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	// n8n runs this only when Custom Fields is given, so the body holds it.
	const body = requestOptions.body as IDataObject;
	const given = ((body.customFields as IDataObject).field ?? []) as IDataObject[];
	body.customFields = await resolveOptionNames(
		this,
		given.map((field) => ({ id: String(field.id ?? ''), value: String(field.value ?? '') })),
	);
	return requestOptions;
}
