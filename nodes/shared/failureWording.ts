/**
 * The error a user sees for a failed request, in plain words: the API's answer (worded by
 * the API's own `describeError`), a web page or text instead of data, or a network failure,
 * with whether running it again is safe and how often it was retried. Only our own words go
 * into it, never the request options, which hold the secret.
 */
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { ApiDefinition, FailedRequest, UserFacingError } from './apiDefinition';
import { isNodeApiError } from './failureKind';
import { isReadMethod, RetriesExhausted, retriesSentence } from './resilience';
import { ErrorStatusReceived, NotDataReceived } from './responseChecks';

/**
 * What a failed request (a 5xx, no response) means for running it again: a read changed
 * nothing; a write may have happened, and it is never sent again (see resilience.ts). Read
 * with the retry policy's own rule (isReadMethod).
 */
export function afterFailure(method: string): string {
	const verb = method.toUpperCase();
	return isReadMethod(verb)
		? 'The request only reads data, so running it again is safe.'
		: `The request was a write (${verb}) and was not sent again: it may have happened, so check before running it again.`;
}

/** Network failures (no HTTP response at all) in plain words. */
export function describeNetworkError(error: Error & { code?: string }, apiName: string, method: string): UserFacingError {
	const code = error.code ?? (error.cause as { code?: string } | undefined)?.code;
	const reasons: Record<string, string> = {
		ECONNREFUSED: 'the connection was refused',
		ENOTFOUND: 'the host name could not be resolved',
		ECONNRESET: 'the connection was closed before a response arrived',
		ETIMEDOUT: 'the request timed out',
		ECONNABORTED: 'the request timed out',
		EAI_AGAIN: 'the host name could not be resolved',
	};
	const reason = (code && reasons[code]) ?? 'no response was received';
	// The code goes in the description: n8n replaces a message that names a network
	// error code with its own generic text.
	return {
		message: `Could not reach the ${apiName}: ${reason}`,
		description: `${code ? `Network error ${code}. ` : ''}Check the Base URL in the credential and that the server is reachable from n8n. ${afterFailure(method)}`,
	};
}

/**
 * The error the user sees for a failed request: the API's answer (or the network failure)
 * in plain words, and how often it was retried. Only our own words go into it, never the
 * request options, which hold the secret.
 */
export function toNodeApiError(
	node: INode,
	api: Pick<ApiDefinition, 'name' | 'describeError'>,
	error: unknown,
	request: FailedRequest,
	itemIndex?: number,
): Error {
	let cause = error;
	let retries = '';
	if (error instanceof RetriesExhausted) {
		cause = error.lastError;
		retries = retriesSentence(error);
	}
	let described: UserFacingError;
	let httpCode: string | undefined;
	if (cause instanceof ErrorStatusReceived) {
		described = api.describeError(cause.response, request);
		httpCode = String(cause.response.statusCode);
	} else if (cause instanceof NotDataReceived) {
		const answer = cause.text === undefined ? '' : `, with the text "${cause.text}"`;
		described = {
			message: `The ${api.name} answered with ${cause.text === undefined ? 'a web page' : 'text'} instead of data`,
			description: `HTTP ${cause.statusCode} for ${request.method} ${request.url.split('?')[0]}${answer}. Check the Base URL in the credential: it must be the API's own address, not a website's.`,
		};
		httpCode = String(cause.statusCode);
	} else if (isNodeApiError(cause)) {
		described = describeNetworkError(cause as Error, api.name, request.method);
	} else {
		// Not a request failure (for example a node error raised while shaping the output).
		return cause instanceof Error ? cause : new Error(String(cause));
	}
	const description = [described.description, retries].filter(Boolean).join(' ') || undefined;
	return new NodeApiError(node, { message: described.message, description: description ?? '' } as JsonObject, {
		message: described.message,
		description,
		httpCode,
		itemIndex,
	});
}
