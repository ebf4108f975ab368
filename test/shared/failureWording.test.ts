/**
 * The words of a failed request (nodes/shared/failureWording.ts): a network error by its code,
 * what a read and a write say about running them again, and an error that is no request failure
 * (a bug in shaping the output) reaching the user as it is.
 */
import { describeNetworkError, toNodeApiError } from '../../nodes/shared/failureWording';

const tail = 'Check the Base URL in the credential and that the server is reachable from n8n. The request only reads data, so running it again is safe.';
const writeTail = (method: string) =>
	`Check the Base URL in the credential and that the server is reachable from n8n. The request was a write (${method}) and was not sent again: it may have happened, so check before running it again.`;
test.each([
	['ECONNREFUSED', 'the connection was refused'],
	['ENOTFOUND', 'the host name could not be resolved'],
	['EAI_AGAIN', 'the host name could not be resolved'],
	['ECONNRESET', 'the connection was closed before a response arrived'],
	['ETIMEDOUT', 'the request timed out'],
	['ECONNABORTED', 'the request timed out'],
	['EPIPE', 'no response was received'],
])('network error %s', (code, reason) => {
	const expected = { message: `Could not reach the Test API: ${reason}`, description: `Network error ${code}. ${tail}` };
	expect(describeNetworkError(Object.assign(new Error('x'), { code }), 'Test API', 'GET')).toEqual(expected);
	// n8n-core sometimes keeps the code only on the error's cause.
	expect(describeNetworkError(new Error('x', { cause: { code } }), 'Test API', 'GET')).toEqual(expected);
});

test('a network error without a code', () => {
	expect(describeNetworkError(new Error('socket hang up'), 'Test API', 'GET')).toEqual({
		message: 'Could not reach the Test API: no response was received',
		description: tail,
	});
});

test.each([
	['GET', tail],
	['head', tail],
	['POST', writeTail('POST')],
	['put', writeTail('PUT')],
	['DELETE', writeTail('DELETE')],
])('a network error on %s: a read says it is safe to repeat, a write that it may have happened', (method, expected) => {
	expect(describeNetworkError(Object.assign(new Error('x'), { code: 'ECONNRESET' }), 'Test API', method).description).toBe(`Network error ECONNRESET. ${expected}`);
});

test('an error that is not a request failure (a bug in shaping the output) reaches the user as it is', () => {
	const node = { id: '1', name: 'Node', type: 't', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
	const api = { name: 'Test API', describeError: () => ({ message: 'never' }) };
	const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
	expect(toNodeApiError(node, api, bug, { method: 'GET', url: '/x' })).toBe(bug);
	const thrown = toNodeApiError(node, api, 'a thrown text', { method: 'GET', url: '/x' });
	expect(thrown).toBeInstanceOf(Error);
	expect(thrown.message).toBe('a thrown text');
});
