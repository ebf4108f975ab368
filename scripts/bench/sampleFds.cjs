/**
 * Preloaded into the benchmark's n8n process when BENCH_FDS is set (`npm run bench:n8n` with
 * BENCH_FDS=1): samples how many file descriptors the process holds (all, and sockets among
 * them) every 250 ms, and writes [time ms, open, sockets] rows to $BENCH_FDS.<pid> when the
 * process exits. The bench lines the samples up with each node's start and end from the run
 * data, so a side that leaves descriptors open shows as the one whose end count grows.
 * Off by default: reading every descriptor's link costs time the timings must not include.
 */
const { readdirSync, readlinkSync, writeFileSync } = require('node:fs');

const target = process.env.BENCH_FDS;
if (target) {
	const samples = [];
	const sample = () => {
		let open = 0;
		let sockets = 0;
		let fds;
		try {
			fds = readdirSync('/proc/self/fd');
		} catch {
			// Reading needs a descriptor too: out of them (EMFILE), the sample says -1.
			samples.push([Date.now(), -1, -1]);
			return;
		}
		for (const fd of fds) {
			open++;
			try {
				if (readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:')) sockets++;
			} catch {
				/* closed while reading */
			}
		}
		samples.push([Date.now(), open, sockets]);
	};
	sample();
	setInterval(sample, 250).unref();
	process.on('exit', () => {
		sample();
		writeFileSync(`${target}.${process.pid}`, JSON.stringify(samples));
	});
}
