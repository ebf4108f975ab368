/**
 * A part of the end-to-end tier run on its own (`npm run test:scale`, `npx tsx
 * scripts/e2e/triggers.ts`): n8n of N8N_VERSION installed, the package packed and published
 * to a registry of its own, the checks run; ends with "N passed, N failed".
 */
import { setPublishedPackage } from '../release/communityInstall';
import { packPackage } from '../release/pack';
import { publishTarball, startRegistry } from '../release/registry';
import { ensureN8n, N8N_VERSION } from '../shared/n8nRuntime';
import { exitWhenPrinted } from '../shared/exitWhenPrinted';

export type Record = (name: string, message?: string) => void;

export async function runAlone(
	what: string,
	checks: (record: Record) => Promise<unknown>,
): Promise<never> {
	const registry = await startRegistry();
	let passed = 0;
	let failed = 0;
	try {
		await ensureN8n();
		console.log(`${what} on n8n ${N8N_VERSION}`);
		setPublishedPackage({
			registry: registry.url,
			...(await publishTarball(registry, await packPackage())),
		});
		await checks((name, message) => {
			if (message) failed++;
			else passed++;
			console.log(`${message ? '✗' : '✓'} ${name}${message ? `: ${message}` : ''}`);
		});
	} catch (error) {
		console.error(error);
		failed++;
	} finally {
		await registry.stop();
	}
	exitWhenPrinted(`\n${passed} passed, ${failed} failed`, failed === 0 && passed > 0 ? 0 : 1);
	return await new Promise<never>(() => undefined);
}
