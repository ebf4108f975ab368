import { freePort } from '../../../scripts/shared/ports';

describe('freePort', () => {
	it('never hands out the same port twice in one process, though the system offers repeats', async () => {
		// 500 picks from about 28 000 ephemeral ports repeat one about four times on average
		// without the guard (the birthday bound); a repeat once put two stand-ins on one port.
		const ports: number[] = [];
		for (let i = 0; i < 500; i++) ports.push(await freePort());
		expect(new Set(ports).size).toBe(ports.length);
	});
});
