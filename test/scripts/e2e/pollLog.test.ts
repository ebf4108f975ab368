/**
 * What the end-to-end tier reads of a trigger's polls at its stand-in server
 * (scripts/e2e/pollLog.ts): a poll starts at a request only a poll's start makes, whatever
 * the time between polls (a scheduled poll may follow the activation poll within a second),
 * and whether a poll has run since a moment.
 */
import type { LoggedRequest } from '../../../harness/servers/apiServer';
import { PollLog, startsPoll } from '../../../scripts/e2e/pollLog';

const request = (path: string, query: Array<[string, string]> = []): LoggedRequest => ({
	method: 'GET',
	path,
	query,
	headers: {},
	rawBody: '',
	body: undefined,
});
const list = () => request('/api/v3/checks/');
const flips = (uuid: string) => request(`/api/v3/checks/${uuid}/flips/`);

describe('PollLog', () => {
	afterEach(() => jest.useRealTimers());

	it('starts a poll at each check list request, also right after the previous poll', () => {
		const server = { requests: [] as LoggedRequest[] };
		const log = new PollLog(server, startsPoll.checkList);
		server.requests.push(list(), flips('a'), flips('b'), list(), list(), flips('c'));
		expect(log.polls().map((p) => p.requests.map((r) => r.path.split('/')[4] || 'list'))).toEqual([
			['list', 'a', 'b'],
			['list'],
			['list', 'c'],
		]);
	});

	it('leaves out the requests of a manual run', () => {
		const server = { requests: [] as LoggedRequest[] };
		const log = new PollLog(server, startsPoll.checkList);
		server.requests.push(list(), flips('a'));
		const from = log.count;
		server.requests.push(list(), flips('b'));
		log.skip(from);
		server.requests.push(list());
		expect(log.polls().map((p) => p.requests.length)).toEqual([2, 1]);
	});

	it('knows whether a poll started after a moment and is quiet since, or a later poll has started', () => {
		jest.useFakeTimers({ now: 1_000_000 });
		const server = { requests: [] as LoggedRequest[] };
		const log = new PollLog(server, startsPoll.list);
		server.requests.push(
			request('/v1/visits', [['page', '1']]),
			request('/v1/visits', [['page', '2']]),
		);
		jest.setSystemTime(1_001_000);
		expect(log.pollSince(1_000_500, 3000)).toBe(false);
		server.requests.push(request('/v1/visits', [['page', '1']]));
		expect(log.pollSince(1_000_500, 3000)).toBe(false);
		jest.setSystemTime(1_004_000);
		expect(log.pollSince(1_000_500, 3000)).toBe(true);
		expect(log.pollSince(1_001_000, 3000)).toBe(false);
		jest.setSystemTime(1_005_000);
		server.requests.push(request('/v1/visits', [['page', '1']]));
		expect(log.pollSince(1_000_500, 3000)).toBe(true);
	});

	it('knows the requests that start a poll of each trigger', () => {
		expect(
			startsPoll.list(
				request('/v1/contacts', [
					['sort', 'x'],
					['page', '1'],
				]),
			),
		).toBe(true);
		expect(startsPoll.list(request('/v1/contacts', [['page', '11']]))).toBe(false);
		expect(startsPoll.oneCheck(request('/api/v3/checks/u/pings/'))).toBe(true);
		expect(startsPoll.oneCheck(request('/api/v3/checks/u/pings/3/body'))).toBe(false);
		expect(startsPoll.checkList(request('/api/v3/checks/u'))).toBe(false);
	});
});
