/**
 * What n8n's nodes panel (the node creator) makes of the package: the entries it lists and
 * what its search finds by the words a user types.
 *
 * n8n lists a trigger under its action node when their names differ only by "Trigger"
 * (checkMonitorTrigger under checkMonitor): that entry has the action node's display name and
 * codex, so the trigger's events are found by the action node's aliases. The search is n8n's
 * own (`sublimeSearch` of @n8n/utils, which the editor uses) over the display name (weight 1.3)
 * and the codex `alias` (weight 1), as n8n 2.41.1's editor calls it. A trigger whose
 * parameter is displayed "Event", "Events" or "Trigger On" gets an entry per option, and an
 * entry with such events and no action of its own opens on "We don't have <node> actions
 * yet": the webhook trigger has no action node to be listed under, so it shows none.
 * `npm run check:editor` searches the real editor for some of these words too.
 *
 * Package-wide: it reads every node's description and codex file, as the panel merges them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sublimeSearch } from '@n8n/utils/search/sublime-search';
import type { INodeTypeDescription } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';
import { CheckMonitorTrigger } from '../../nodes/CheckMonitorTrigger/CheckMonitorTrigger.node';
import { CheckMonitorWebhookTrigger } from '../../nodes/CheckMonitorWebhookTrigger/CheckMonitorWebhookTrigger.node';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { CustomerEngagementTrigger } from '../../nodes/CustomerEngagementTrigger/CustomerEngagementTrigger.node';

const nodes: Array<[string, INodeTypeDescription]> = [
	['CheckMonitor', new CheckMonitor().description],
	['CheckMonitorTrigger', new CheckMonitorTrigger().description],
	['CheckMonitorWebhookTrigger', new CheckMonitorWebhookTrigger().description],
	['CustomerEngagement', new CustomerEngagement().description],
	['CustomerEngagementTrigger', new CustomerEngagementTrigger().description],
];

interface Entry {
	properties: { name: string; displayName: string; codex: { alias: string[] } };
}

const aliasesOf = (folder: string) =>
	(
		JSON.parse(
			readFileSync(
				path.join(__dirname, '..', '..', 'nodes', folder, `${folder}.node.json`),
				'utf8',
			),
		) as { alias: string[] }
	).alias;

/** The panel's entries: a trigger under its action node when there is one (n8n's merge). */
function panelEntries(): Entry[] {
	const entries = nodes
		.filter(([, description]) => !description.group.includes('trigger'))
		.map(([folder, description]) => ({
			properties: {
				name: description.name,
				displayName: description.displayName,
				codex: { alias: aliasesOf(folder) },
			},
		}));
	for (const [folder, description] of nodes.filter(([, d]) => d.group.includes('trigger'))) {
		if (entries.some((entry) => entry.properties.name === description.name.replace('Trigger', '')))
			continue;
		entries.push({
			properties: {
				name: description.name,
				displayName: description.displayName,
				codex: { alias: aliasesOf(folder) },
			},
		});
	}
	return entries;
}

/** The display names of the entries n8n's search finds for `words`. */
function found(words: string, entries = panelEntries()): string[] {
	return sublimeSearch(words, entries, [
		{ key: 'properties.displayName', weight: 1.3 },
		{ key: 'properties.codex.alias', weight: 1 },
	]).map(({ item }) => item.properties.displayName);
}

test('lists the triggers with events under their action nodes, and the webhook trigger alone', () => {
	expect(panelEntries().map((entry) => entry.properties.displayName)).toEqual([
		'Check Monitor',
		'Customer Engagement',
		'Check Monitor Webhook Trigger',
	]);
});

test.each([
	['send ping', 'Check Monitor'],
	['ping a check', 'Check Monitor'],
	['late check', 'Check Monitor'],
	['new flip', 'Check Monitor'],
	['new ping', 'Check Monitor'],
	['check down', 'Check Monitor'],
	['create check', 'Check Monitor'],
	['pause check', 'Check Monitor'],
	['check down', 'Check Monitor Webhook Trigger'],
	['create contact', 'Customer Engagement'],
	['send text', 'Customer Engagement'],
	['record visit', 'Customer Engagement'],
	['add points', 'Customer Engagement'],
	['redeem reward', 'Customer Engagement'],
	['new contact', 'Customer Engagement'],
	['new visit', 'Customer Engagement'],
])('searching "%s" finds %s', (words, node) => {
	expect(found(words)).toContain(node);
});

test('the search can fail: without its aliases, "send ping" and "late check" find nothing', () => {
	const bare = panelEntries().map((entry) => ({
		properties: { ...entry.properties, codex: { alias: [] } },
	}));
	expect(found('send ping', bare)).toEqual([]);
	expect(found('late check', bare)).toEqual([]);
});

test('the webhook trigger opens no empty list of actions: no parameter the panel reads as its events', () => {
	const { properties } = new CheckMonitorWebhookTrigger().description;
	const asEvents = properties.filter((p) =>
		['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()),
	);
	expect(asEvents.map((p) => p.name)).toEqual([]);
	// The polling triggers, listed under their action nodes, keep theirs: each event is an entry.
	for (const trigger of [new CheckMonitorTrigger(), new CustomerEngagementTrigger()])
		expect(trigger.description.properties.some((p) => p.displayName === 'Event')).toBe(true);
});
