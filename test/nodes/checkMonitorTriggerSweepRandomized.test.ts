/**
 * New Flip for All Checks (tag "prod"), randomized on the stand-in with a virtual clock:
 * pings, fail pings, start and log pings, timeouts (and the alert worker writing their flips
 * late), pauses, resumes, check creations, deletions, tag changes, failed requests and
 * polls a minute apart. It asserts, against a model of what each poll may and must do:
 *
 * - every flip is emitted at most once, and only a flip the trigger owes (of a check listed
 *   at a poll after it was written, dated from where that check's watch started);
 * - a flip the list reveals (its check's row changed since the last poll, or the check is
 *   new to the list) is emitted by that poll; every flip by the first poll a Full Sweep
 *   Every after it was written;
 * - after polls enough, every flip owed of a check still listed has been emitted;
 * - each successful poll's requests: the list, the flips of the changed and new checks (of
 *   every listed check when a sweep round is due; a check the list shows newly down whose
 *   flip is not written yet counts as changed at the next polls, for a Late Flip Window),
 *   and one read per check whose newest emitted flip is away from up (to name it); nothing
 *   else.
 */
import fc from 'fast-check';
import { createPoller } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';
import { isoSeconds, type StoredCheck } from '../support/servers/checkMonitorServer';

const { server, credentials } = useCheckMonitorServer();
const clock = useVirtualClock(server);
const SWEEP_SECONDS = 600;
const LOOK_BACK_SECONDS = 3600;

const check = fc.integer({ min: 0, max: 7 });
const step = fc.oneof(
	{ weight: 4, arbitrary: fc.record({ kind: fc.constant('ping' as const), check, action: fc.constantFrom('', 'fail', 'start', 'log') }) },
	{ weight: 3, arbitrary: fc.record({ kind: fc.constant('poll' as const), minutes: fc.constantFrom(1, 1, 1, 2, 5), fault: fc.constantFrom('none', 'none', 'none', 'list', 'flips') }) },
	{ weight: 2, arbitrary: fc.record({ kind: fc.constant('pause' as const), check }) },
	{ weight: 2, arbitrary: fc.record({ kind: fc.constant('resume' as const), check }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('alerts' as const) }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('create' as const), prod: fc.boolean(), short: fc.boolean() }) },
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

test('randomized: each flip once, revealed ones at the next poll, the rest within Full Sweep Every; each poll asks only what the model allows', async () => {
	await fc.assert(
		fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 60 }), async (steps) => {
			server.reset();
			clock.reset();
			const made: StoredCheck[] = [];
			const create = (prod: boolean, short: boolean) => made.push(server.seedCheck({ name: `c${made.length}`, tags: prod ? 'prod' : 'dev', ...(short ? { timeout: 60, grace: 60 } : {}) }));
			for (let i = 0; i < 6; i++) create(i < 4, i % 2 === 0);
			const pick = (i: number) => {
				const alive = made.filter((c) => server.checks.has(c.uuid));
				return alive.length ? alive[i % alive.length] : undefined;
			};
			const listed = () => new Map([...server.checks.values()].filter((c) => c.tags.split(' ').includes('prod')).map((c) => [c.uuid, c]));
			const rowOf = (c: StoredCheck) => JSON.stringify([server.computedStatus(c), c.n_pings, isoSeconds(c.last_ping), c.last_start !== null]);
			const written: WrittenFlip[] = [];
			const flipCounts = new Map<string, number>();
			const noteNewFlips = () => {
				for (const c of server.checks.values()) {
					for (const flip of c.flips.slice(flipCounts.get(c.uuid) ?? 0)) {
						written.push({ uuid: c.uuid, key: `${isoSeconds(flip.created)}|${flip.up}`, writtenAt: clock.seconds(), dated: Math.floor(flip.created.getTime() / 1000) });
					}
					flipCounts.set(c.uuid, c.flips.length);
				}
			};

			const trigger = createPoller({
				type: 'checkMonitorTrigger',
				parameters: { event: 'newFlip', scope: 'all', tags: 'prod', options: { requestsPerMinute: 600_000, fullSweepMinutes: SWEEP_SECONDS / 60 } } as never,
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
			expect(server.requests).toHaveLength(1 + activation.size);
			for (const [uuid, c] of activation) {
				watch.set(uuid, { floor: lastPoll - LOOK_BACK_SECONDS, writtenAfter: lastPoll });
				rows.set(uuid, rowOf(c));
			}

			const pollOnce = async (fault: string) => {
				const now = clock.seconds();
				const nowListed = listed();
				const nowRows = new Map([...nowListed].map(([uuid, c]) => [uuid, rowOf(c)]));
				const changed = [...nowListed.keys()].filter((uuid) => rows.get(uuid) !== nowRows.get(uuid));
				const sweeping = now - sweepStartedAt + (now - lastPoll) > SWEEP_SECONDS;
				server.clearLog();
				if (fault === 'list') server.injectFault({ kind: 'status', status: 500 }, 3, (r) => r.path === '/api/v3/checks/');
				const target = pick(now)?.uuid;
				if (fault === 'flips' && target) server.injectFault({ kind: 'status', status: 500 }, 3, (r) => r.path === `/api/v3/checks/${target}/flips/`);
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
				for (const uuid of nowListed.keys()) if (!watch.has(uuid)) watch.set(uuid, { floor: lastPoll, writtenAfter: -Infinity });
				for (const uuid of [...watch.keys()]) if (!nowListed.has(uuid)) watch.delete(uuid);
				for (const flip of written) {
					const w = watch.get(flip.uuid);
					if (w && flip.dated >= w.floor && flip.writtenAt > w.writtenAfter) flip.owed = true;
				}
				// What was emitted: owed flips, each once.
				const items = (result?.[0] ?? []).map((i) => i.json as { check: { id: string }; timestamp: string; up: number });
				for (const item of items) {
					const flip = written.find((f) => f.uuid === item.check.id && f.key === `${item.timestamp}|${item.up}` && f.emittedAt === undefined);
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
				const flipsOf = (sweeping ? [...nowListed.keys()] : changed).map((uuid) => `GET /api/v3/checks/${uuid}`);
				expect(server.requestLines().map((l) => l.replace(/\/flips\/\?start=\d+$/, '')).sort()).toEqual(
					['GET /api/v3/checks/?tag=prod', ...flipsOf, ...[...lastByCheck].filter(([, up]) => up !== 1).map(([uuid]) => `GET /api/v3/checks/${uuid}`)].sort(),
				);
				expect(server.requests.filter((r) => !r.path.endsWith('/flips/') && r.path !== '/api/v3/checks/')).toHaveLength(namingReads);
				if (sweeping) sweepStartedAt = now;
				for (const uuid of sweeping ? [...nowListed.keys()] : changed) {
					const c = nowListed.get(uuid)!;
					const before = rows.get(uuid);
					const wasListedUp = before !== undefined && (JSON.parse(before) as unknown[])[0] !== 'down';
					const newest = [...c.flips].sort((a, b) => b.created.getTime() - a.created.getTime())[0];
					if (server.computedStatus(c) !== 'down' || !(wasListedUp || awaited.has(uuid)) || newest?.up === 0) {
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
			const missing = written.filter((f) => f.owed && f.emittedAt === undefined && stillListed.has(f.uuid));
			expect(missing).toEqual([]);
		}),
		{ numRuns: 80, seed: Number(process.env.FC_SEED ?? 20261127) },
	);
}, 120_000);
