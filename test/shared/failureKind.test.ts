/** How a failure is classified for the retry policy (nodes/shared/failureKind.ts). */
import { NodeApiError } from 'n8n-workflow';
import { classifyFailure } from '../../nodes/shared/failureKind';
import { ErrorStatusReceived } from '../../nodes/shared/responseChecks';

test('failures are classified for the retry policy; n8n-workflow\'s NodeApiError from another copy counts', () => {
	const node = { id: '1', name: 'Node', type: 't', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
	// The package installed with its own n8n-workflow: a class of the same name, not the same class.
	const OtherCopy = { NodeApiError: class NodeApiError extends Error {} };
	expect(classifyFailure(new NodeApiError(node, { message: 'x' }))).toEqual({ kind: 'network' });
	expect(classifyFailure(new OtherCopy.NodeApiError('x'))).toEqual({ kind: 'network' });
	expect(classifyFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toEqual({ kind: 'final' });
	expect(classifyFailure(undefined)).toEqual({ kind: 'final' });
	const status = (statusCode: number, headers = {}) => new ErrorStatusReceived({ statusCode, headers, body: '' });
	expect(classifyFailure(status(429, { 'retry-after': '2' }))).toEqual({ kind: 'rateLimited', retryAfterMs: 2000 });
	expect(classifyFailure(status(500))).toEqual({ kind: 'serverError' });
	expect(classifyFailure(status(499))).toEqual({ kind: 'final' });
});
