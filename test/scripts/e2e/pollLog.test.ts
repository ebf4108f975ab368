/**
 * How the end-to-end tier tells a trigger's polls apart at its stand-in server
 * (scripts/e2e/pollLog.ts): a poll starts at a request only a poll's start makes, whatever
 * the time between polls (a scheduled poll may follow the activation poll within a second).
 */
import type { LoggedRequest } from '../../../harness/servers/apiServer';
import { PollLog, startsPoll } from '../../../scripts/e2e/pollLog';

const request = (path: string, query: Array<[string, string]> = []): LoggedRequest => ({ method: 'GET', path, query, headers: {}, rawBody: '', body: undefined });
const list = () => request('/api/v3/checks/');
const flips = (uuid: string) => request(`/api/v3/checks/${uuid}/flips/`);

describe('PollLog', () => {
	afterEach(() => jest.useRealTimers());

	it('starts a poll at each check list request, also right after the previous poll', () => {
		const server = { requests: [] as LoggedRequest[] };
		const log = new PollLog(server, startsPoll.checkList);
		server.requests.push(list(), flips('a'), flips('b'), list(), list(), flips('c'));
		expect(log.polls().map((p) => p.requests.map((r) => r.path.split('/')[4] || 'list'))).toEqual([['list', 'a', 'b'], ['list'], ['list', 'c']]);
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

	it('calls a poll settled once its server has been quiet long enough, or a later poll has started', () => {
		jest.useFakeTimers({ now: 1_000_000 });
		const server = { requests: [] as LoggedRequest[] };
		const log = new PollLog(server, startsPoll.list);
		server.requests.push(request('/v1/visits', [['page', '1']]), request('/v1/visits', [['page', '2']]));
		expect(log.settled(1, 3000)).toBe(false);
		jest.setSystemTime(1_003_000);
		expect(log.settled(1, 3000)).toBe(true);
		expect(log.settled(2, 3000)).toBe(false);
		server.requests.push(request('/v1/visits', [['page', '1']]));
		expect(log.polls().length).toBe(2);
		expect(log.settled(1, 3000)).toBe(true);
	});

	it('knows the requests that start a poll of each trigger', () => {
		expect(startsPoll.list(request('/v1/contacts', [['sort', 'x'], ['page', '1']]))).toBe(true);
		expect(startsPoll.list(request('/v1/contacts', [['page', '11']]))).toBe(false);
		expect(startsPoll.oneCheck(request('/api/v3/checks/u/pings/'))).toBe(true);
		expect(startsPoll.oneCheck(request('/api/v3/checks/u/pings/3/body'))).toBe(false);
		expect(startsPoll.checkList(request('/api/v3/checks/u'))).toBe(false);
	});
});
