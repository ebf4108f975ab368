/**
 * What a user reads in the real editor (issue #63), for `npm run check:editor`: the triggers'
 * subtitles on the canvas, the tooltip of Contact → Create's Phone, the options New Flip offers
 * with One Check and with All Checks, Check → Create's notice, the webhook trigger's set-up
 * text, and what the nodes panel's search finds. Each check prints what the editor showed, so a run is also the before/after
 * record of those texts.
 */
import type { Page } from 'playwright-core';
import type { EditorSession } from '../shared/editorSession';

const PACKAGE = 'n8n-nodes-engagement-monitor';

export type Report = (ok: boolean, line: string) => void;

interface NodeSpec {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
}

async function openWorkflow(page: Page, session: EditorSession, url: string, nodes: NodeSpec[]) {
	const workflow = (await session.call('POST', '/workflows', {
		name: `Editor texts: ${nodes.map((n) => n.name).join(', ')}`,
		nodes: nodes.map((node, i) => ({
			id: `t${i}`,
			typeVersion: 1,
			position: [0, i * 250],
			...node,
		})),
		connections: {},
		settings: {},
		active: false,
	})) as { id: string };
	await page.goto(`${url}/workflow/${workflow.id}`);
	await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
	await page.waitForTimeout(1000);
}

async function openPanel(page: Page, name: string) {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
	await page.waitForSelector('[data-test-id="ndv"]', { timeout: 30_000 });
	await page.waitForTimeout(1000);
}

/** The text n8n shows with a canvas node: its name and subtitle (drawn beside the node's box). */
async function canvasText(page: Page, name: string): Promise<string> {
	const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
	const wrapper = node.locator('xpath=ancestor::*[contains(@class,"vue-flow__node")][1]');
	const text = (await wrapper.count()) ? await wrapper.innerText() : await node.innerText();
	return text.replace(/\s+/g, ' ').trim();
}

/** The entries the collection's "Add Option" select offers (the same select on 1.x and 2.x). */
async function addOptionEntries(page: Page): Promise<string> {
	await page.locator('[data-test-id="ndv"] input[placeholder="Add Option"]:visible').last().click();
	const entries = page.locator('[data-test-id="collection-parameter-option"]:visible');
	await entries.first().waitFor({ timeout: 10_000 });
	const texts = (await entries.allInnerTexts()).map((text) => text.trim());
	await page.keyboard.press('Escape');
	await page.waitForTimeout(300);
	return texts.join(', ');
}

/** The tooltip of a parameter: its label hovered, then the label's help icon. */
async function tooltipOf(page: Page, parameter: string): Promise<string> {
	const item = page
		.locator('[data-test-id="parameter-item"]')
		.filter({ has: page.locator(`[data-test-id="parameter-input-${parameter}"]`) })
		.last();
	await item.locator('label').first().hover();
	await page.waitForTimeout(400);
	await item.locator('label [data-icon="circle-help"], label .n8n-icon, label svg').first().hover();
	await page.waitForTimeout(1200);
	const texts = await page
		.locator(
			'[role="tooltip"]:visible, .el-popper:visible, [data-reka-popper-content-wrapper]:visible',
		)
		.allInnerTexts();
	await page.mouse.move(0, 0);
	await page.waitForTimeout(300);
	return texts
		.map((text) => text.replace(/\s+/g, ' ').trim())
		.filter(Boolean)
		.join(' | ');
}

async function pickOption(page: Page, parameter: string, option: string) {
	await page.locator(`[data-test-id="parameter-input-${parameter}"]`).click();
	const items = page.locator('.el-select-dropdown__item:visible');
	await items.first().waitFor({ timeout: 10_000 });
	await items.filter({ hasText: option }).first().click();
	await page.waitForTimeout(500);
}

/** The nodes panel, opened on an empty workflow, searched for `words`: the names it lists. */
async function panelSearch(
	page: Page,
	session: EditorSession,
	url: string,
	words: string,
): Promise<string[]> {
	// A saved empty workflow each time: leaving /workflow/new can stop on "Save changes?".
	const workflow = (await session.call('POST', '/workflows', {
		name: `Editor texts: search "${words}"`,
		nodes: [],
		connections: {},
		settings: {},
		// n8n 1.x requires it.
		active: false,
	})) as { id: string };
	await page.goto(`${url}/workflow/${workflow.id}`);
	// The empty canvas's "Add first step" (1.x and 2.x), once the editor has drawn it.
	const add = page.locator('[data-test-id="canvas-add-button"]').first();
	await add.waitFor({ timeout: 30_000 });
	await page.waitForTimeout(500);
	await add.click();
	const search = page
		.locator(
			'[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"], [data-test-id="search-bar"] input',
		)
		.first();
	await search.waitFor({ timeout: 15_000 });
	await search.fill(words);
	await page.waitForTimeout(1200);
	return (
		await page.locator('[data-test-id="node-creator-item-name"]:visible').allInnerTexts()
	).map((text) => text.trim());
}

export async function checkEditorTexts(
	page: Page,
	session: EditorSession,
	url: string,
	report: Report,
): Promise<void> {
	// 1. Subtitles: the Event's name, not its value.
	await openWorkflow(page, session, url, [
		{ name: 'Flips', type: `${PACKAGE}.checkMonitorTrigger`, parameters: { event: 'newFlip' } },
		{ name: 'Lates', type: `${PACKAGE}.checkMonitorTrigger`, parameters: { event: 'lateCheck' } },
		{
			name: 'Contacts',
			type: `${PACKAGE}.customerEngagementTrigger`,
			parameters: { event: 'newContact' },
		},
	]);
	for (const [name, shown, value] of [
		['Flips', 'New Flip', 'newFlip'],
		['Lates', 'Late Check', 'lateCheck'],
		['Contacts', 'New Contact', 'newContact'],
	]) {
		const text = await canvasText(page, name);
		report(text.includes(shown) && !text.includes(value), `subtitle of ${name}: "${text}"`);
	}

	// 2. New Flip offers Full Sweep Every and Max Requests per Minute only with All Checks.
	await openWorkflow(page, session, url, [
		{
			name: 'One Check',
			type: `${PACKAGE}.checkMonitorTrigger`,
			parameters: {
				event: 'newFlip',
				scope: 'one',
				checkId: { __rl: true, mode: 'id', value: 'c6a8f0e4-1b2d-4e6f-8a0b-2c4d6e8f0a1b' },
			},
		},
	]);
	await openPanel(page, 'One Check');
	const one = await addOptionEntries(page);
	report(
		one.includes('Late Flip Window') &&
			!one.includes('Full Sweep Every') &&
			!one.includes('Max Requests per Minute'),
		`New Flip, One Check, Add Option offers: "${one}"`,
	);
	const checksTip = await tooltipOf(page, 'scope');
	report(/every check of the project, or one/.test(checksTip), `Checks tooltip: "${checksTip}"`);
	await pickOption(page, 'scope', 'All Checks');
	const all = await addOptionEntries(page);
	report(
		all.includes('Full Sweep Every') && all.includes('Max Requests per Minute'),
		`New Flip, All Checks, Add Option offers: "${all}"`,
	);

	// 3. Contact → Create's Phone speaks of Contact → Create.
	await openWorkflow(page, session, url, [
		{
			name: 'Contact Create',
			type: `${PACKAGE}.customerEngagement`,
			parameters: { resource: 'contact', operation: 'create' },
		},
	]);
	await openPanel(page, 'Contact Create');
	const phone = await tooltipOf(page, 'phone');
	report(
		phone !== '' && !/conversation|customer/i.test(phone),
		`Contact → Create, Phone tooltip: "${phone}"`,
	);

	// 4. Check → Create says a run makes a new check unless Unique is set.
	await openWorkflow(page, session, url, [
		{
			name: 'Check Create',
			type: `${PACKAGE}.checkMonitor`,
			parameters: { resource: 'check', operation: 'create' },
		},
	]);
	await openPanel(page, 'Check Create');
	const panel = (await page.locator('[data-test-id="ndv"]').innerText()).replace(/\s+/g, ' ');
	const notice = /Each run creates a new check[^|]*?none does\./.exec(panel)?.[0] ?? '';
	report(/Options → Unique/.test(notice), `Check → Create notice: "${notice}"`);

	// 5. The webhook trigger's set-up text: a header a line, the URL named as the panel shows it.
	await openWorkflow(page, session, url, [
		{
			name: 'Webhook',
			type: `${PACKAGE}.checkMonitorWebhookTrigger`,
			parameters: { events: ['down', 'up'] },
		},
	]);
	await openPanel(page, 'Webhook');
	const notices = await page
		.locator('[data-test-id="ndv"] [data-test-id="parameter-item"]')
		.filter({ hasText: /Request Headers|Integrations → Webhook/ })
		.allInnerTexts();
	const headerLines = notices
		.join('\n')
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => /^[A-Za-z-]+: \S/.test(line));
	report(
		headerLines[0] === 'Content-Type: application/json' &&
			headerLines[1]?.startsWith('X-Check-Monitor-Secret: ') &&
			headerLines.length === 2,
		`Webhook Trigger, header lines ${JSON.stringify(headerLines)} of: ${JSON.stringify(notices)}`,
	);
	report(
		notices.some((text) => /Production URL tab/.test(text)),
		`Webhook Trigger, the URL named: ${JSON.stringify(notices.find((t) => /Webhook/.test(t)) ?? '')}`,
	);

	// 6. The nodes panel finds actions and events by a user's words.
	for (const words of ['send ping', 'late check']) {
		const names = await panelSearch(page, session, url, words);
		report(names.includes('Check Monitor'), `nodes panel, "${words}": ${JSON.stringify(names)}`);
	}
	// The webhook trigger, opened: added at once (1.x), or its details with "Add to workflow"
	// (2.x, a community node), not a list of its events over "We don't have … actions yet".
	const names = await panelSearch(page, session, url, 'Check Monitor Webhook');
	await page
		// Named without "Trigger" when n8n lists it with events of its own.
		.locator('[data-test-id="node-creator-item-name"]:visible', {
			hasText: /^Check Monitor Webhook/,
		})
		.first()
		.click();
	await page.waitForTimeout(1500);
	const added = (await page.locator('[data-test-id="ndv"]:visible').count()) > 0;
	const creator = page.locator('[data-test-id="node-creator"]');
	const shown = added
		? 'added, its panel open'
		: (await creator.count())
			? (await creator.innerText()).replace(/\s+/g, ' ').trim()
			: '(no panel)';
	report(
		!/actions yet/.test(shown) && (added || /Add to workflow/.test(shown)),
		`nodes panel, "Check Monitor Webhook" ${JSON.stringify(names)}, opened: "${shown}"`,
	);
}
