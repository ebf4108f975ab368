/**
 * `npm run check:editor`: the real n8n editor shows the parameters several operations name
 * alike (Contact, Check, Customer and Phone) for exactly the operations that declare them, as
 * the user switches between them; then what a user reads (editorTexts.ts: subtitles, tooltips,
 * the options offered, Check → Create's notice, the nodes panel's search).
 *
 * The engine tier checks display with n8n-workflow's own rules; this drives the editor
 * itself (Debian's Chromium through playwright-core), because the editor recomputes what it
 * shows each time the user changes Resource or Operation. For each node it opens a saved
 * workflow, then switches operations the way a user does, and checks after each switch
 * which of those parameters the panel shows. Not part of `npm test`: CI installs no
 * browser. `N8N_VERSION` picks the n8n (as for `npm start`).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInEditor } from './browser';
import { editorSession } from '../shared/editorSession';
import { N8N_VERSION } from '../shared/n8nRuntime';
import { checkEditorTexts } from './editorTexts';
import { configFrom, startEnvironment } from './start';

const PACKAGE = 'n8n-nodes-engagement-monitor';

interface Step {
	/** The parameters to pick, in order, as the user sees their names and option names. */
	pick: Array<[string, string]>;
	shown: string[];
	hidden: string[];
}

const CASES: Array<{
	node: string;
	type: string;
	parameters: Record<string, unknown>;
	steps: Step[];
}> = [
	{
		node: 'Customer Engagement',
		type: `${PACKAGE}.customerEngagement`,
		parameters: {
			resource: 'contact',
			operation: 'get',
			contactId: { __rl: true, mode: 'id', value: 'ct_1' },
		},
		steps: [
			{ pick: [], shown: ['contactId'], hidden: [] },
			{ pick: [['operation', 'Create']], shown: ['email'], hidden: ['contactId'] },
			{ pick: [['operation', 'Delete']], shown: ['contactId'], hidden: ['email'] },
			// Phone and Customer, which Contact Create/Upsert, Conversation and Text each declare (before
			// the steps below: the last picks must not be defaults, which n8n does not save).
			{
				pick: [
					['resource', 'Contact'],
					['operation', 'Create'],
				],
				shown: ['email', 'phone'],
				hidden: ['customerId', 'contactId'],
			},
			{ pick: [['resource', 'Conversation']], shown: ['customerId', 'phone'], hidden: ['email'] },
			{ pick: [['resource', 'Text']], shown: ['customerId', 'toPhone'], hidden: ['phone'] },
			{
				pick: [
					['resource', 'Contact'],
					['operation', 'Create or Update'],
				],
				shown: ['email', 'phone'],
				hidden: ['customerId'],
			},
			{ pick: [['operation', 'Get']], shown: ['contactId'], hidden: ['phone', 'email'] },
			{ pick: [['resource', 'Visit']], shown: [], hidden: [] },
			{ pick: [['operation', 'Create']], shown: ['contactId'], hidden: [] },
			{ pick: [['operation', 'Get Many']], shown: [], hidden: ['contactId'] },
			{ pick: [['resource', 'Note']], shown: ['contactId', 'text'], hidden: [] },
			{
				pick: [
					['resource', 'Loyalty Reward'],
					['operation', 'Redeem'],
				],
				shown: ['contactId', 'rewardId'],
				hidden: [],
			},
			{ pick: [['operation', 'Get']], shown: ['rewardId'], hidden: ['contactId'] },
		],
	},
	{
		node: 'Check Monitor',
		type: `${PACKAGE}.checkMonitor`,
		parameters: {
			resource: 'check',
			operation: 'get',
			checkId: { __rl: true, mode: 'id', value: 'c6a8f0e4-1b2d-4e6f-8a0b-2c4d6e8f0a1b' },
		},
		steps: [
			{ pick: [], shown: ['checkId'], hidden: [] },
			{ pick: [['operation', 'Get Many']], shown: [], hidden: ['checkId'] },
			{ pick: [['resource', 'Flip']], shown: ['checkId'], hidden: [] },
			{
				pick: [
					['resource', 'Ping'],
					['operation', 'Send'],
				],
				shown: ['checkId', 'signal'],
				hidden: [],
			},
		],
	},
];

async function visible(page: Page, name: string): Promise<boolean> {
	return (await page.locator(`[data-test-id="parameter-input-${name}"]`).count()) > 0;
}

async function pick(page: Page, parameter: string, option: string) {
	await page.locator(`[data-test-id="parameter-input-${parameter}"]`).click();
	const items = page.locator('.el-select-dropdown__item:visible');
	await items.first().waitFor({ timeout: 10_000 });
	// Each item shows the option's name, then its description.
	const texts = await items.allInnerTexts();
	const index = texts.findIndex((text) => text.split('\n')[0].trim() === option);
	if (index < 0)
		throw new Error(
			`${parameter}: no option "${option}" among ${JSON.stringify(texts.map((t) => t.split('\n')[0]))}`,
		);
	await items.nth(index).click();
	await page.waitForTimeout(400);
}

async function main() {
	const folder = path.join(mkdtempSync(path.join(os.tmpdir(), 'n8n-editor-check-')), 'sandbox');
	const environment = await startEnvironment({ ...configFrom(process.env, []), folder });
	// Stopped whatever happens next, the browser's start included.
	const { browser, page } = await signedInEditor(environment.url).catch(async (error: unknown) => {
		await environment.stop();
		throw error;
	});
	let failures = 0;
	let passes = 0;
	try {
		const session = await editorSession(environment.url);
		for (const testCase of CASES) {
			const workflow = (await session.call('POST', '/workflows', {
				name: `Editor check: ${testCase.node}`,
				nodes: [
					{
						id: 'n1',
						name: testCase.node,
						type: testCase.type,
						typeVersion: 1,
						position: [0, 0],
						parameters: testCase.parameters,
					},
				],
				connections: {},
				settings: {},
				// n8n 1.x requires it.
				active: false,
			})) as { id: string };
			await page.goto(`${environment.url}/workflow/${workflow.id}`);
			await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
			await page
				.locator(`[data-test-id="canvas-node"][data-node-name="${testCase.node}"]`)
				.dblclick();
			await page.waitForSelector('[data-test-id="ndv"]', { timeout: 30_000 });
			await page.waitForTimeout(1000);
			for (const step of testCase.steps) {
				for (const [parameter, option] of step.pick) await pick(page, parameter, option);
				const where = [`${testCase.node}`, ...step.pick.map(([p, o]) => `${p}=${o}`)].join(' ');
				const wrong = [
					...(await Promise.all(
						step.shown.map(async (name) =>
							(await visible(page, name)) ? '' : `${name} not shown`,
						),
					)),
					...(await Promise.all(
						step.hidden.map(async (name) => ((await visible(page, name)) ? `${name} shown` : '')),
					)),
				].filter(Boolean);
				if (wrong.length) {
					failures++;
					const file = path.join(path.dirname(folder), `failure-${failures}.png`);
					await page.screenshot({ path: file });
					console.log(`✗ ${where}: ${wrong.join(', ')} (screenshot ${file})`);
				} else {
					passes++;
					console.log(
						`✓ ${where}: shows ${step.shown.join(', ') || '(none checked)'}${step.hidden.length ? `; hides ${step.hidden.join(', ')}` : ''}`,
					);
				}
			}
			// Saved as the user saves it: no hidden parameter (a `…Shown` flag of an earlier build) is stored with the workflow.
			await page.keyboard.press('Escape');
			await page.keyboard.press('Control+s');
			await page.waitForTimeout(1500);
			const saved = (await session.call('GET', `/workflows/${workflow.id}`)) as {
				nodes: Array<{ name: string; parameters: Record<string, unknown> }>;
			};
			const parameters = saved.nodes.find((n) => n.name === testCase.node)?.parameters ?? {};
			const last = testCase.steps.flatMap((step) => step.pick);
			const flags = Object.keys(parameters).filter((key) => key.endsWith('Shown'));
			const saveOk = flags.length === 0 && last.every(([name]) => parameters[name] !== undefined);
			if (saveOk) passes++;
			else failures++;
			console.log(`${saveOk ? '✓' : '✗'} ${testCase.node} saved: ${JSON.stringify(parameters)}`);
		}
		await checkEditorTexts(page, session, environment.url, (ok, line) => {
			if (ok) passes++;
			else failures++;
			console.log(`${ok ? '✓' : '✗'} ${line}`);
		});
	} finally {
		await browser.close();
		await environment.stop();
	}
	console.log(`\nn8n ${N8N_VERSION} editor: ${passes} passed, ${failures} failed`);
	return failures;
}

main()
	.then((failures) => process.exit(failures ? 1 : 0))
	.catch((error) => {
		console.error(error);
		process.exit(1);
	});
