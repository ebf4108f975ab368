/**
 * What differs between the two APIs, as the shared request code needs it: the API's name
 * for messages, its credential, how its error answers read, and its path parameters.
 * Each node defines one (`customerEngagementApi`, `checkMonitorApi`).
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

/** An HTTP response with an error status, as the API sent it. */
export interface ErrorResponse {
	statusCode: number;
	headers: IDataObject;
	/** Parsed JSON, a string (HTML or text), or '' / undefined when empty. */
	body: unknown;
}

export interface UserFacingError {
	message: string;
	description?: string;
}

/**
 * A `{name}` in an operation's URL: how to read and check it. A name needs an entry only
 * where it differs from the default: a label other than the name in words (`contactId`:
 * "Contact", `pingNumber`: "Ping Number"), a normal form, or a look-up.
 */
export interface PathParameter {
	/** The field's name as the user sees it, for bad-input messages (default: `labelOf(name)`). */
	label?: string;
	/** The value as the API wants it (already trimmed), e.g. lower case. */
	normalize?: (value: string) => string;
	/**
	 * Locator modes whose value is not the id itself (a check by slug): the id they name,
	 * looked up with a request of their own. Given the value trimmed, not normalized.
	 */
	lookUp?: Record<string, (context: IExecuteSingleFunctions, value: string) => Promise<string>>;
}

/** The request an error answered, as the wording may name it (never its headers: they hold the secret). */
export interface FailedRequest {
	method: string;
	url: string;
	qs?: IDataObject;
}

/** What differs between the two APIs. */
export interface ApiDefinition {
	name: string;
	credentialType: string;
	describeError(response: ErrorResponse, request: FailedRequest): UserFacingError;
	pathParameters: Record<string, PathParameter>;
}

/** A path parameter's spec: its entry, or the default for a name that has none. */
export function pathParameter(api: ApiDefinition, name: string): PathParameter & { label: string } {
	const spec = api.pathParameters[name] ?? {};
	return { ...spec, label: spec.label ?? labelOf(name) };
}

/** A parameter's name in words, as the editor labels it: `customFieldId` → "Custom Field". */
export function labelOf(name: string): string {
	const words = name.replace(/Id$/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
	return words.charAt(0).toUpperCase() + words.slice(1);
}
