/**
 * Debian's Chromium (playwright-core, headless, no network of its own), signed in to an n8n
 * this project started, for the scripts that drive the real editor.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { aptInstall } from '../shared/services';
import { LOGIN } from '../shared/editorSession';

export async function signedInEditor(url: string): Promise<{ browser: Browser; page: Page }> {
	const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
	// Debian's package when it is missing (CHROMIUM_PATH: a browser of the user's own, left as is).
	if (!process.env.CHROMIUM_PATH && !existsSync(executablePath))
		aptInstall(['chromium'], 'driving the editor');
	const browser = await chromium.launch({
		executablePath,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	try {
		const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		await page.goto(`${url}/signin`);
		await page.fill('input[type="email"], input[name="emailOrLdapLoginId"]', LOGIN.email);
		await page.fill('input[type="password"]', LOGIN.password);
		await page.keyboard.press('Enter');
		await page.waitForURL((address) => !address.pathname.includes('signin'), { timeout: 60_000 });
		return { browser, page };
	} catch (error) {
		await browser.close();
		throw error;
	}
}
