/**
 * The Check Monitor Trigger's events, randomized on the stand-in: every flip and ping exactly
 * once through pings, failures, restarts and more.
 */
import fc from 'fast-check';
import { allChecksPingTrigger, type Batches } from '../support/allChecksPingTrigger';
import { createPoller } from '../../harness/engine';
import { isoSeconds, type StoredCheck } from '../../harness/servers/checkMonitorServer';
import { flipTrigger } from '../support/flipTrigger';
import { pingTrigger } from '../support/pingTrigger';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';
import { LONG_TEST_TIMEOUT_MS, randomizedRuns } from '../support/longTests';

describe('New Flip, one check', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller } = flipTrigger(cm);

	test(
		'randomized: flips (same-second, late-written), polls, failures and restarts: each flip exactly once',
		async () => {
			await fc.assert(
				fc.asyncProperty(
					fc.array(
						fc.oneof(
							fc.record({
								kind: fc.constant('flip' as const),
								check: fc.integer({ min: 0, max: 2 }),
								up: fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>,
								lateSeconds: fc.integer({ min: 0, max: 1800 }),
							}),
							fc.record({ kind: fc.constant('poll' as const) }),
							fc.record({
								kind: fc.constant('fail' as const),
								check: fc.integer({ min: 0, max: 2 }),
							}),
						),
						{ minLength: 3, maxLength: 40 },
					),
					async (steps) => {
						server.reset();
						const checks = [0, 1, 2].map((i) => server.seedCheck({ name: `c${i}` }));
						const trigger = poller({ scope: 'all' });
						// The start (the server's time, from its list's Date header) before every flip to come,
						// however late it is dated: a flip dated before the start is not owed.
						const clock = server.now;
						server.now = () => new Date(Date.now() - 1900 * 1000);
						await trigger.poll();
						server.now = clock;
						const expected: string[] = [];
						const seen: string[] = [];
						const pollOnce = async () => {
							try {
								const result = await trigger.poll();
								for (const item of result?.[0] ?? [])
									seen.push(
										JSON.stringify([
											(item.json.check as any).name,
											item.json.timestamp,
											item.json.up,
										]),
									);
							} catch {
								// nothing emitted; the next poll catches up
							}
						};
						for (const step of steps) {
							if (step.kind === 'flip') {
								const at = new Date(Date.now() - step.lateSeconds * 1000);
								server.seedFlip(checks[step.check].uuid, at, step.up);
								// The list shows it as it shows a ping's flip (flips the list cannot show
								// are checkMonitorTriggerSweep*.test.ts's).
								checks[step.check].n_pings++;
								expected.push(JSON.stringify([`c${step.check}`, isoSeconds(at), step.up]));
							} else if (step.kind === 'poll') await pollOnce();
							else
								server.injectFault({ kind: 'status', status: 500 }, 1, (r) =>
									r.path.includes(checks[step.check].uuid),
								);
						}
						server.clearFaults();
						await pollOnce();
						expect([...seen].sort()).toEqual([...expected].sort());
					},
				),
				randomizedRuns(60, 20261122),
			);
		},
		LONG_TEST_TIMEOUT_MS,
	);
});

describe('New Ping, one check', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller, items } = pingTrigger(cm);

	test(
		'randomized: pings, polls, failures, restarts and more pings than the server keeps: each kept ping once, every lost one in a gap',
		async () => {
			await fc.assert(
				fc.asyncProperty(
					fc.array(
						fc.oneof(
							fc.record({
								kind: fc.constant('pings' as const),
								count: fc.integer({ min: 1, max: 40 }),
								type: fc.constantFrom('', 'start', 'fail', 'log'),
							}),
							fc.record({ kind: fc.constant('poll' as const) }),
							fc.record({
								kind: fc.constant('fail' as const),
								what: fc.constantFrom('/pings/', '/checks/'),
							}),
						),
						{ minLength: 3, maxLength: 30 },
					),
					async (steps) => {
						server.reset();
						server.pingLogLimit = 25;
						const check = server.seedCheck();
						const trigger = poller(check.uuid);
						await trigger.poll();
						const emitted: number[] = [];
						const lost: number[] = [];
						const pollOnce = async () => {
							try {
								for (const item of items(await trigger.poll())) {
									if (item.n !== undefined) emitted.push(item.n as number);
									const gap = item.gap as { fromN: number; toN: number } | undefined;
									if (gap) for (let n = gap.fromN; n <= gap.toN; n++) lost.push(n);
								}
							} catch {
								// nothing emitted; the next poll catches up
							}
						};
						for (const step of steps) {
							if (step.kind === 'pings')
								for (let i = 0; i < step.count; i++) server.receivePing(check.uuid, step.type);
							else if (step.kind === 'poll') await pollOnce();
							else
								server.injectFault({ kind: 'status', status: 500 }, 1, (r) =>
									r.path.endsWith(step.what === '/pings/' ? '/pings/' : check.uuid),
								);
						}
						server.clearFaults();
						await pollOnce();
						// Every ping is either emitted once or reported lost once, never both.
						const all = check.pings.map((p) => p.n);
						expect([...emitted, ...lost].sort((a, b) => a - b)).toEqual(all);
						expect(emitted).toEqual([...emitted].sort((a, b) => a - b));
					},
				),
				randomizedRuns(60, 20261124),
			);
		},
		LONG_TEST_TIMEOUT_MS,
	);
});

describe('New Ping for All Checks', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const { poller, items } = allChecksPingTrigger(cm, clock);

	test(
		'randomized: pings, creations, deletions, tag changes, small ping logs, failed requests and polls: each ping emitted or reported lost once; each poll reads only the pinged checks',
		async () => {
			const check = fc.integer({ min: 0, max: 5 });
			const step = fc.oneof(
				{
					weight: 4,
					arbitrary: fc.record({
						kind: fc.constant('pings' as const),
						check,
						count: fc.integer({ min: 1, max: 14 }),
						action: fc.constantFrom('', 'fail', 'start', 'log'),
					}),
				},
				{
					weight: 3,
					arbitrary: fc.record({
						kind: fc.constant('poll' as const),
						fault: fc.constantFrom('none', 'none', 'none', 'list', 'pings'),
					}),
				},
				{
					weight: 1,
					arbitrary: fc.record({ kind: fc.constant('create' as const), prod: fc.boolean() }),
				},
				{ weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), check }) },
				{ weight: 1, arbitrary: fc.record({ kind: fc.constant('retag' as const), check }) },
			);
			await fc.assert(
				fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
					server.reset();
					clock.reset();
					server.pingLogLimit = 10;
					const made = [0, 1, 2, 3].map((i) =>
						server.seedCheck({ name: `c${i}`, tags: i < 3 ? 'prod' : 'dev' }),
					);
					const pick = (i: number) =>
						made.filter((c) => server.checks.has(c.uuid))[
							i % Math.max(1, made.filter((c) => server.checks.has(c.uuid)).length)
						];
					const listed = () =>
						new Map(
							[...server.checks.values()]
								.filter((c) => c.tags.split(' ').includes('prod'))
								.map((c) => [c.uuid, c]),
						);
					const trigger = poller('prod');
					// The model: per listed check, the first number owed (pings from there on are emitted or reported lost).
					const owedFrom = new Map<string, number>();
					const emitted = new Map<string, number[]>();
					const lost = new Map<string, number[]>();
					let known = new Map<string, number>();
					await trigger.poll();
					for (const [uuid, c] of listed()) {
						owedFrom.set(uuid, c.n_pings + 1);
						known.set(uuid, c.n_pings);
					}
					let lastPoll = clock.seconds();
					const pollOnce = async (fault: string) => {
						const nowListed = listed();
						const due = [...nowListed.values()].filter((c) =>
							known.has(c.uuid) ? c.n_pings > known.get(c.uuid)! : c.n_pings > 0,
						);
						server.clearLog();
						const target = [...nowListed.keys()][0];
						if (fault === 'list')
							server.injectFault(
								{ kind: 'status', status: 500 },
								3,
								(r) => r.path === '/api/v3/checks/',
							);
						if (fault === 'pings' && target)
							server.injectFault(
								{ kind: 'status', status: 500 },
								3,
								(r) => r.path === `/api/v3/checks/${target}/pings/`,
							);
						let result: Batches;
						try {
							result = await trigger.poll();
						} catch {
							expect(fault).not.toBe('none');
							server.clearFaults();
							return;
						}
						server.clearFaults();
						// Checks new to the list owe the pings since the last successful poll started that
						// the server still keeps at their first read (this poll's).
						for (const [uuid, c] of nowListed) {
							if (owedFrom.has(uuid)) continue;
							const since =
								c.pings.find((p) => p.date.getTime() >= lastPoll * 1000)?.n ?? c.n_pings + 1;
							owedFrom.set(uuid, Math.max(since, c.pings.slice(-server.pingLogLimit)[0]?.n ?? 1));
						}
						for (const uuid of [...owedFrom.keys()])
							if (!nowListed.has(uuid)) owedFrom.delete(uuid);
						for (const item of items(result)) {
							const uuid = (item.check as { id: string }).id;
							if (item.n !== undefined)
								emitted.set(uuid, [...(emitted.get(uuid) ?? []), item.n as number]);
							const gap = item.gap as { fromN: number; toN: number } | undefined;
							if (gap)
								for (let n = gap.fromN; n <= gap.toN; n++)
									lost.set(uuid, [...(lost.get(uuid) ?? []), n]);
						}
						expect(server.requestLines().sort()).toEqual(
							[
								'GET /api/v3/checks/?tag=prod',
								...due.map((c) => `GET /api/v3/checks/${c.uuid}/pings/`),
							].sort(),
						);
						// Every owed ping of a listed check is now emitted or reported lost, once, in order.
						for (const [uuid, from] of owedFrom) {
							const c = nowListed.get(uuid)!;
							const seen = [...(emitted.get(uuid) ?? []), ...(lost.get(uuid) ?? [])].filter(
								(n) => n >= from,
							);
							const owed = c.pings.filter((p) => p.n >= from).map((p) => p.n);
							expect([c.name, [...seen].sort((x, y) => x - y)]).toEqual([c.name, owed]);
							expect(emitted.get(uuid) ?? []).toEqual(
								[...(emitted.get(uuid) ?? [])].sort((x, y) => x - y),
							);
						}
						known = new Map([...nowListed.values()].map((c) => [c.uuid, c.n_pings]));
						lastPoll = clock.seconds();
					};
					for (const s of steps) {
						clock.advance(1);
						const c = 'check' in s ? pick(s.check) : undefined;
						if (s.kind === 'poll') {
							clock.advance(60);
							await pollOnce(s.fault);
						} else if (s.kind === 'pings' && c)
							for (let i = 0; i < s.count; i++) server.receivePing(c.uuid, s.action);
						else if (s.kind === 'create')
							made.push(
								server.seedCheck({ name: `c${made.length}`, tags: s.prod ? 'prod' : 'dev' }),
							);
						else if (s.kind === 'delete' && c) server.checks.delete(c.uuid);
						else if (s.kind === 'retag' && c) c.tags = c.tags === 'prod' ? 'dev' : 'prod';
					}
					clock.advance(60);
					await pollOnce('none');
					// No ping emitted twice, none both emitted and reported lost.
					for (const uuid of new Set([...emitted.keys(), ...lost.keys()])) {
						const all = [...(emitted.get(uuid) ?? []), ...(lost.get(uuid) ?? [])];
						expect(new Set(all).size).toBe(all.length);
					}
				}),
				randomizedRuns(80, 20261128),
			);
		},
		LONG_TEST_TIMEOUT_MS,
	);
});

/**
 * New Flip for All Checks (tag "prod"), randomized on the stand-in with a virtual clock:
 * pings, fail pings, start and log pings, timeouts (and the alert worker writing their flips
 * late), pauses, resumes, check creations, deletions, tag changes, failed requests and polls a
 * minute apart. It asserts, against a model of what each poll may and must do: - every flip is
 * emitted at most once, and only a flip the trigger owes (of a check listed at a poll after it
 * was written, dated from where that check's watch started); - a flip the list reveals (its
 * check's row changed since the last poll, or the check is new to the list) is emitted by that
 * poll; every flip by the first poll a Full Sweep Every after it was written; - after polls
 * enough, every flip owed of a check still listed has been emitted; - each successful poll's
 * requests: the list, the flips of the changed and new checks (of every listed check when a
 * sweep round is due; a check the list shows newly down whose flip is not written yet counts
 * as changed at the next polls, for a Late Flip Window), and one read per check whose newest
 * emitted flip is away from up (to name it); nothing else.
 */
describe('New Flip for All Checks', () => {
	const { server, credentials } = useCheckMonitorServer();
	const clock = useVirtualClock(server);
	const SWEEP_SECONDS = 600;
	const LOOK_BACK_SECONDS = 3600;
	const check = fc.integer({ min: 0, max: 7 });

	const step = fc.oneof(
		{
			weight: 4,
			arbitrary: fc.record({
				kind: fc.constant('ping' as const),
				check,
				action: fc.constantFrom('', 'fail', 'start', 'log'),
			}),
		},
		{
			weight: 3,
			arbitrary: fc.record({
				kind: fc.constant('poll' as const),
				minutes: fc.constantFrom(1, 1, 1, 2, 5),
				fault: fc.constantFrom('none', 'none', 'none', 'list', 'flips'),
			}),
		},
		{ weight: 2, arbitrary: fc.record({ kind: fc.constant('pause' as const), check }) },
		{ weight: 2, arbitrary: fc.record({ kind: fc.constant('resume' as const), check }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('alerts' as const) }) },
		{
			weight: 1,
			arbitrary: fc.record({
				kind: fc.constant('create' as const),
				prod: fc.boolean(),
				short: fc.boolean(),
			}),
		},
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), check }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('retag' as const), check }) },
	);

	interface WrittenFlip {
		uuid: string;
		key: string;
		writtenAt: number;
		dated: number;
		emittedAt?: number;
		owed?: boolean;
	}

	test(
		'randomized: each flip once, revealed ones at the next poll, the rest within Full Sweep Every; each poll asks only what the model allows',
		async () => {
			await fc.assert(
				fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 60 }), async (steps) => {
					server.reset();
					clock.reset();
					const made: StoredCheck[] = [];
					const create = (prod: boolean, short: boolean) =>
						made.push(
							server.seedCheck({
								name: `c${made.length}`,
								tags: prod ? 'prod' : 'dev',
								...(short ? { timeout: 60, grace: 60 } : {}),
							}),
						);
					for (let i = 0; i < 6; i++) create(i < 4, i % 2 === 0);
					const pick = (i: number) => {
						const alive = made.filter((c) => server.checks.has(c.uuid));
						return alive.length ? alive[i % alive.length] : undefined;
					};
					const listed = () =>
						new Map(
							[...server.checks.values()]
								.filter((c) => c.tags.split(' ').includes('prod'))
								.map((c) => [c.uuid, c]),
						);
					const rowOf = (c: StoredCheck) =>
						JSON.stringify([
							server.computedStatus(c),
							c.n_pings,
							isoSeconds(c.last_ping),
							c.last_start !== null,
						]);
					const written: WrittenFlip[] = [];
					const flipCounts = new Map<string, number>();
					const noteNewFlips = () => {
						for (const c of server.checks.values()) {
							for (const flip of c.flips.slice(flipCounts.get(c.uuid) ?? 0)) {
								written.push({
									uuid: c.uuid,
									key: `${isoSeconds(flip.created)}|${flip.up}`,
									writtenAt: clock.seconds(),
									dated: Math.floor(flip.created.getTime() / 1000),
								});
							}
							flipCounts.set(c.uuid, c.flips.length);
						}
					};

					const trigger = createPoller({
						type: 'checkMonitorTrigger',
						parameters: {
							event: 'newFlip',
							scope: 'all',
							tags: 'prod',
							options: { requestsPerMinute: 600_000, fullSweepMinutes: SWEEP_SECONDS / 60 },
						} as never,
						credentials: credentials(),
					});
					// The model: where each listed check's watch started, the rows of the last successful poll.
					const watch = new Map<string, { floor: number; writtenAfter: number }>();
					let rows = new Map<string, string>();
					// Checks the list shows newly down while their flip is not written yet: read again at
					// the next polls, for at most a Late Flip Window (since when, in seconds).
					const awaited = new Map<string, number>();
					let lastPoll = clock.seconds();
					let sweepStartedAt = clock.seconds();
					noteNewFlips();
					const activation = listed();
					expect(await trigger.poll()).toBeNull();
					// The start: the list alone; flips dated from its second on are owed.
					expect(server.requests).toHaveLength(1);
					for (const [uuid, c] of activation) {
						watch.set(uuid, { floor: lastPoll, writtenAfter: lastPoll });
						rows.set(uuid, rowOf(c));
					}

					const pollOnce = async (fault: string) => {
						const now = clock.seconds();
						const nowListed = listed();
						const nowRows = new Map([...nowListed].map(([uuid, c]) => [uuid, rowOf(c)]));
						const changed = [...nowListed.keys()].filter(
							(uuid) => rows.get(uuid) !== nowRows.get(uuid),
						);
						const sweeping = now - sweepStartedAt + (now - lastPoll) > SWEEP_SECONDS;
						server.clearLog();
						if (fault === 'list')
							server.injectFault(
								{ kind: 'status', status: 500 },
								3,
								(r) => r.path === '/api/v3/checks/',
							);
						const target = pick(now)?.uuid;
						if (fault === 'flips' && target)
							server.injectFault(
								{ kind: 'status', status: 500 },
								3,
								(r) => r.path === `/api/v3/checks/${target}/flips/`,
							);
						let result: Awaited<ReturnType<typeof trigger.poll>>;
						try {
							result = await trigger.poll();
						} catch {
							// A failed poll changes nothing; the next one does its work.
							expect(fault).not.toBe('none');
							server.clearFaults();
							return;
						}
						server.clearFaults();
						// The model's watch: checks new to the list start where the last successful poll started.
						for (const uuid of nowListed.keys())
							if (!watch.has(uuid)) watch.set(uuid, { floor: lastPoll, writtenAfter: -Infinity });
						for (const uuid of [...watch.keys()]) if (!nowListed.has(uuid)) watch.delete(uuid);
						for (const flip of written) {
							const w = watch.get(flip.uuid);
							if (w && flip.dated >= w.floor && flip.writtenAt > w.writtenAfter) flip.owed = true;
						}
						// What was emitted: owed flips, each once.
						const items = (result?.[0] ?? []).map(
							(i) => i.json as { check: { id: string }; timestamp: string; up: number },
						);
						for (const item of items) {
							const flip = written.find(
								(f) =>
									f.uuid === item.check.id &&
									f.key === `${item.timestamp}|${item.up}` &&
									f.emittedAt === undefined,
							);
							expect([item, flip?.owed]).toEqual([item, true]);
							flip!.emittedAt = now;
						}
						// Revealed flips now; the others within the sweep period.
						const revealed = new Set(changed);
						for (const flip of written) {
							if (!flip.owed || flip.emittedAt !== undefined) continue;
							expect([flip, revealed.has(flip.uuid)]).toEqual([flip, false]);
							expect([flip, now >= flip.writtenAt + SWEEP_SECONDS]).toEqual([flip, false]);
						}
						// The requests: the list, the flips of changed (or, sweeping, all) checks, the naming reads.
						const lastByCheck = new Map(items.map((i) => [i.check.id, i.up]));
						const namingReads = [...lastByCheck.values()].filter((up) => up !== 1).length;
						const flipsOf = (sweeping ? [...nowListed.keys()] : changed).map(
							(uuid) => `GET /api/v3/checks/${uuid}`,
						);
						expect(
							server
								.requestLines()
								.map((l) => l.replace(/\/flips\/\?start=\d+$/, ''))
								.sort(),
						).toEqual(
							[
								'GET /api/v3/checks/?tag=prod',
								...flipsOf,
								...[...lastByCheck]
									.filter(([, up]) => up !== 1)
									.map(([uuid]) => `GET /api/v3/checks/${uuid}`),
							].sort(),
						);
						expect(
							server.requests.filter(
								(r) => !r.path.endsWith('/flips/') && r.path !== '/api/v3/checks/',
							),
						).toHaveLength(namingReads);
						if (sweeping) sweepStartedAt = now;
						for (const uuid of sweeping ? [...nowListed.keys()] : changed) {
							const c = nowListed.get(uuid)!;
							const before = rows.get(uuid);
							const wasListedUp =
								before !== undefined && (JSON.parse(before) as unknown[])[0] !== 'down';
							const newest = [...c.flips].sort(
								(a, b) => b.created.getTime() - a.created.getTime(),
							)[0];
							if (
								server.computedStatus(c) !== 'down' ||
								!(wasListedUp || awaited.has(uuid)) ||
								newest?.up === 0
							) {
								awaited.delete(uuid);
								continue;
							}
							const since = awaited.get(uuid) ?? now;
							if (now - since >= LOOK_BACK_SECONDS) awaited.delete(uuid);
							else {
								awaited.set(uuid, since);
								nowRows.delete(uuid);
							}
						}
						for (const uuid of [...awaited.keys()]) if (!nowListed.has(uuid)) awaited.delete(uuid);
						rows = nowRows;
						lastPoll = now;
					};

					for (const s of steps) {
						// Each event at a second of its own, between two polls.
						clock.advance(1);
						const c = 'check' in s ? pick(s.check) : undefined;
						if (s.kind === 'poll') {
							clock.advance(s.minutes * 60 - ((clock.seconds() - lastPoll) % 60));
							await pollOnce(s.fault);
						} else if (s.kind === 'ping' && c) server.receivePing(c.uuid, s.action);
						else if (s.kind === 'pause' && c) server.pause(c.uuid);
						else if (s.kind === 'resume' && c?.status === 'paused') server.resume(c.uuid);
						else if (s.kind === 'alerts') server.sendAlerts();
						else if (s.kind === 'create') create(s.prod, s.short);
						else if (s.kind === 'delete' && c) server.checks.delete(c.uuid);
						else if (s.kind === 'retag' && c) c.tags = c.tags === 'prod' ? 'dev' : 'prod';
						noteNewFlips();
					}
					// Polls enough for a round to pass every check: every owed flip of a listed check emitted.
					for (let i = 0; i <= SWEEP_SECONDS / 60 + 1; i++) {
						clock.advance(60);
						await pollOnce('none');
					}
					const stillListed = listed();
					const missing = written.filter(
						(f) => f.owed && f.emittedAt === undefined && stillListed.has(f.uuid),
					);
					expect(missing).toEqual([]);
				}),
				randomizedRuns(80, 20261127),
			);
		},
		LONG_TEST_TIMEOUT_MS,
	);
});

/**
 * Late Check for All Checks, randomized on the stand-in with a virtual clock: pings (success,
 * fail, start), time passing, pauses, failed lists, restarts and polls. The model: each
 * lateness (a check and the last ping it follows) that a successful poll finds the check in,
 * and that the start did not, is emitted exactly once, by the first such poll; nothing else.
 */
describe('Late Check for All Checks', () => {
	const cm = useCheckMonitorServer();
	const { server, credentials } = cm;
	const clock = useVirtualClock(server);

	test(
		'randomized: each lateness a poll finds, once, at that poll; none found only at the start',
		async () => {
			const check = fc.integer({ min: 0, max: 3 });
			const step = fc.oneof(
				{
					weight: 3,
					arbitrary: fc.record({
						kind: fc.constant('ping' as const),
						check,
						action: fc.constantFrom('', '', 'fail', 'start'),
					}),
				},
				{
					weight: 4,
					arbitrary: fc.record({
						kind: fc.constant('wait' as const),
						seconds: fc.integer({ min: 1, max: 150 }),
					}),
				},
				{
					weight: 4,
					arbitrary: fc.record({
						kind: fc.constant('poll' as const),
						fault: fc.constantFrom('none', 'none', 'none', 'list'),
						restart: fc.boolean(),
					}),
				},
				{ weight: 1, arbitrary: fc.record({ kind: fc.constant('pause' as const), check }) },
			);
			await fc.assert(
				fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 40 }), async (steps) => {
					server.reset();
					clock.reset();
					server.clearLog();
					const checks = [0, 1, 2, 3].map((i) =>
						server.seedCheck({
							uuid: `00000000-0000-4000-8000-00000000000${i}`,
							name: `c${i}`,
							timeout: 60,
							grace: 90 + 30 * i,
						}),
					);
					let staticData = {};
					const newPoller = () =>
						createPoller({
							type: 'checkMonitorTrigger',
							parameters: { event: 'lateCheck', scope: 'all' } as never,
							credentials: credentials(),
							staticData,
						});
					let trigger = newPoller();
					const lateNow = () =>
						checks
							.filter((c) => server.computedStatus(c) === 'grace')
							.map((c) => `${c.name} ${isoSeconds(c.last_ping)}`);
					const atStart = new Set(lateNow());
					await trigger.poll();
					const owed: string[] = [];
					const emitted: string[] = [];
					for (const s of steps) {
						if (s.kind === 'ping') server.receivePing(checks[s.check].uuid, s.action);
						else if (s.kind === 'wait') clock.advance(s.seconds);
						else if (s.kind === 'pause') server.pause(checks[s.check].uuid);
						else {
							if (s.restart) {
								staticData = trigger.staticData;
								trigger = newPoller();
							}
							if (s.fault === 'list') server.injectFault({ kind: 'status', status: 500 }, 3);
							const found = lateNow();
							try {
								const result = await trigger.poll();
								const items = (result?.[0] ?? []).map(
									(i) => `${(i.json.check as { name: string }).name} ${String(i.json.lastPing)}`,
								);
								const fresh = found.filter((key) => !atStart.has(key) && !owed.includes(key));
								expect(items.sort()).toEqual(fresh.sort());
								owed.push(...fresh);
								emitted.push(...items);
							} catch (error) {
								expect(s.fault).toBe('list');
								expect((error as Error).message).toContain('HTTP 500');
							}
						}
					}
					expect(new Set(emitted).size).toBe(emitted.length);
				}),
				randomizedRuns(150, 58),
			);
		},
		LONG_TEST_TIMEOUT_MS,
	);
});
