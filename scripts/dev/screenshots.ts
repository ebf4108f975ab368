/**
 * `npm run screenshots`: starts the `npm start` environment, drives Debian's Chromium
 * (playwright-core, headless) through the real n8n editor, and saves the PNGs the README
 * shows under docs/screenshots/.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInEditor } from './browser';
import { configFrom, startEnvironment } from './start';

const out = path.join(__dirname, '..', '..', 'docs', 'screenshots');

async function openNode(
	page: Page,
	base: string,
	workflowId: string,
	nodeName: string,
	file: string,
) {
	await page.goto(`${base}/workflow/${workflowId}`);
	await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
	await page.waitForTimeout(1500);
	await page.screenshot({ path: path.join(out, `${file}-canvas.png`) });
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`).dblclick();
	await page.waitForSelector('[data-test-id="ndv"]', { timeout: 30_000 });
	await page.waitForTimeout(1500);
	await page.screenshot({ path: path.join(out, `${file}.png`) });
	await page.keyboard.press('Escape');
}

async function main() {
	mkdirSync(out, { recursive: true });
	// A folder of its own: the screenshots never touch the workflows of your `npm start`.
	const folder = path.join(mkdtempSync(path.join(os.tmpdir(), 'n8n-screenshots-')), 'sandbox');
	const environment = await startEnvironment({ ...configFrom(process.env, []), folder });
	// Stopped whatever happens next, the browser's start included.
	const { browser, page } = await signedInEditor(environment.url).catch(async (error: unknown) => {
		await environment.stop();
		throw error;
	});
	try {
		await openNode(
			page,
			environment.url,
			'exVisitThankYou',
			'Send thank-you text',
			'customer-engagement-node',
		);
		await openNode(
			page,
			environment.url,
			'exNightlyUpsert',
			'Create or update check',
			'check-monitor-node',
		);
		await openNode(
			page,
			environment.url,
			'exCheckDownNote',
			'Check went down',
			'check-monitor-trigger',
		);
		console.log(`Screenshots saved in ${out}`);
	} finally {
		await browser.close();
		await environment.stop();
	}
}

main()
	.then(() => process.exit(0))
	.catch((error) => {
		console.error(error);
		process.exit(1);
	});
