/**
 * A lock between processes: a folder holding the owner's pid. Installs into the shared
 * cache and builds of dist/ take it, so two scripts never share half-done work.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function lockHolder(lock: string): number | undefined {
	try {
		const pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
		process.kill(pid, 0);
		return pid;
	} catch {
		return undefined;
	}
}

/**
 * A lock between processes (a folder holding the owner's pid; a dead owner's lock is
 * taken over). Resolves with the release function, or undefined when `done()` says the
 * work was finished by the process that held the lock meanwhile.
 */
export async function acquireLock(
	lock: string,
	what: string,
	done: () => boolean,
	log: (line: string) => void,
): Promise<(() => void) | undefined> {
	const started = Date.now();
	let lastSaid = 0;
	for (;;) {
		try {
			mkdirSync(lock);
			writeFileSync(path.join(lock, 'pid'), String(process.pid));
			return () => rmSync(lock, { recursive: true, force: true });
		} catch {
			if (done()) return undefined;
			const holder = lockHolder(lock);
			if (holder === undefined) {
				rmSync(lock, { recursive: true, force: true });
				continue;
			}
			// Said once, then every minute with the time waited (not a line every 5 s).
			if (lastSaid === 0 || Date.now() - lastSaid >= 60_000) {
				const waited = Math.round((Date.now() - started) / 1000);
				log(
					`  waiting for another process (pid ${holder}) ${what}...${lastSaid === 0 ? '' : ` (${waited} s)`}`,
				);
				lastSaid = Date.now();
			}
			await new Promise((resolve) => setTimeout(resolve, 5_000));
		}
	}
}
