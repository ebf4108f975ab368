/**
 * The ids an operation's URL names (`/v1/contacts/{contactId}`): read once per item,
 * checked and URL-encoded here rather than written as expressions in the route, because
 * n8n evaluates an expression in a route for every item, and one that reads `$parameter.x`
 * resolves that parameter (the user's own expression) once more.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, IPollFunctions, PreSendAction } from 'n8n-workflow';
import { pathParameter, type ApiDefinition, type PathParameter } from './apiDefinition';
import { invalidInput } from './invalidInput';

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fill `{name}` in a path with the parameter's value, checked and URL-encoded. */
export async function resolvePath(
	context: IExecuteSingleFunctions,
	template: string,
	api: ApiDefinition,
): Promise<{ url: string; parameters: Record<string, string> }> {
	const parameters: Record<string, string> = {};
	for (const [, name] of template.matchAll(PLACEHOLDER)) parameters[name] = await readPathParameter(context, name, api);
	const url = template.replace(PLACEHOLDER, (_match, name: string) => encodeURIComponent(parameters[name]));
	return { url, parameters };
}

/**
 * A path parameter's id: readIdParameter's, or, for a locator mode that names the record
 * another way (a check by slug), the id its look-up finds.
 */
async function readPathParameter(context: IExecuteSingleFunctions, name: string, api: ApiDefinition): Promise<string> {
	const spec = pathParameter(api, name);
	// The mode is what the editor saved (never an expression), so reading it costs nothing.
	const mode = (context.getNode().parameters[name] as { mode?: string } | undefined)?.mode;
	const lookUp = mode === undefined ? undefined : spec.lookUp?.[mode];
	return lookUp ? await lookUp(context, readTrimmed(context, name, spec)) : readIdParameter(context, name, api);
}

/**
 * An id parameter (a locator or text) as the API wants it: read once, trimmed, not empty.
 * Also the ID a trigger watches (Check Monitor Trigger's check).
 */
export function readIdParameter(context: IExecuteSingleFunctions | IPollFunctions, name: string, api: ApiDefinition): string {
	const spec = pathParameter(api, name);
	const trimmed = readTrimmed(context, name, spec);
	return spec.normalize ? spec.normalize(trimmed) : trimmed;
}

function readTrimmed(context: IExecuteSingleFunctions | IPollFunctions, name: string, spec: PathParameter & { label: string }): string {
	const raw = context.getNodeParameter(name, '', { extractValue: true }) as unknown;
	const trimmed = String(raw ?? '').trim();
	if (trimmed === '') throw invalidInput(context, spec.label, 'is empty', 'Pick one from the list or enter its ID.');
	return trimmed;
}

/**
 * An operation's preSend that sends an id parameter in the body, checked as a path
 * parameter is. For a shared parameter that other operations use in their paths (Contact):
 * a routing on it would send it for those too, and a routed parameter is read once more in
 * each of the engine's walks. This reads it once.
 */
export function sendIdInBody(name: string, api: ApiDefinition): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		requestOptions.body = { ...((requestOptions.body ?? {}) as IDataObject), [name]: readIdParameter(this, name, api) };
		return requestOptions;
	};
}
