/**
 * What a failed attempt was, for the retry policy (resilience.ts): rate limited, a server
 * error, a network failure, or final.
 */
import { NodeApiError } from 'n8n-workflow';
import { type Failure, retryAfterMs } from './resilience';
import { ErrorStatusReceived } from './responseChecks';

/** What a failed attempt was, for the retry policy. */
export function classifyFailure(error: unknown): Failure {
	if (error instanceof ErrorStatusReceived) {
		const { statusCode, headers } = error.response;
		if (statusCode === 429) return { kind: 'rateLimited', retryAfterMs: retryAfterMs(headers['retry-after']) };
		return statusCode >= 500 ? { kind: 'serverError' } : { kind: 'final' };
	}
	// n8n's request helper wraps network failures (refused, reset, timed out) this way.
	return isNodeApiError(error) ? { kind: 'network' } : { kind: 'final' };
}

/**
 * By name as well as by class: installed from the Community Nodes screen, the package may
 * get its own copy of n8n-workflow, whose NodeApiError is not the class n8n-core throws.
 */
export function isNodeApiError(error: unknown): boolean {
	return error instanceof NodeApiError || (error as Error | undefined)?.constructor?.name === 'NodeApiError';
}
