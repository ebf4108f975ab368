/**
 * Saved workflows keep their behaviour (README, "Versioning"). n8n saves only the
 * parameters a user changed from their default, so a default changed in place silently
 * changes every saved workflow that relies on it. This test freezes, per node and per
 * typeVersion, the parameters n8n resolves for a node saved with nothing but its
 * resource and operation (or event): every default of every operation, as n8n's own
 * NodeHelpers.getNodeParameters computes it for that typeVersion.
 *
 * A parameter added with a default that keeps the old behaviour, or a new operation, is
 * no change for a saved workflow and passes. A default changed, a parameter removed or
 * renamed, an option's value renamed: each fails here, and is a change for saved
 * workflows: ship it as a new typeVersion (n8n's
 * `version: [1, 1.1]` with `@version` display rules), which gets a file of its own, and
 * leave the old version's file as it is. A new version's file is written with
 * `WRITE_VERSION_DEFAULTS=1 npx jest test/package/savedWorkflows.test.ts`; an existing
 * file is never rewritten by the test.
 *
 * Package-wide: the resolved defaults of all five nodes, one file per node and typeVersion.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodePropertyOptions,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';
import { CheckMonitorTrigger } from '../../nodes/CheckMonitorTrigger/CheckMonitorTrigger.node';
import { CheckMonitorWebhookTrigger } from '../../nodes/CheckMonitorWebhookTrigger/CheckMonitorWebhookTrigger.node';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { CustomerEngagementTrigger } from '../../nodes/CustomerEngagementTrigger/CustomerEngagementTrigger.node';

const folder = path.join(__dirname, 'savedWorkflows');
const SELECTORS = ['resource', 'operation', 'event', 'scope'];

const nodes: INodeTypeDescription[] = [
	new CustomerEngagement().description,
	new CheckMonitor().description,
	new CustomerEngagementTrigger().description,
	new CheckMonitorTrigger().description,
	new CheckMonitorWebhookTrigger().description,
];

const versionsOf = (description: INodeTypeDescription) =>
	Array.isArray(description.version) ? description.version : [description.version];

function resolve(
	description: INodeTypeDescription,
	typeVersion: number,
	saved: INodeParameters,
): INodeParameters {
	const node = {
		name: description.displayName,
		type: description.name,
		typeVersion,
		parameters: saved,
	} as unknown as INode;
	return (
		NodeHelpers.getNodeParameters(description.properties, saved, true, false, node, description) ??
		{}
	);
}

/**
 * Every way to save the node with only its selectors set (resource → operation, event →
 * scope), and what n8n resolves for each: { "contact.get": {...every parameter...} }.
 */
export function defaultsPerSelection(
	description: INodeTypeDescription,
	typeVersion: number,
): Record<string, INodeParameters> {
	const out: Record<string, INodeParameters> = {};
	const walk = (saved: INodeParameters) => {
		const resolved = resolve(description, typeVersion, saved);
		const next = description.properties.find(
			(p) =>
				SELECTORS.includes(p.name) &&
				p.type === 'options' &&
				!(p.name in saved) &&
				p.name in resolved &&
				NodeHelpers.displayParameter(resolved, p, { typeVersion } as INode, description),
		);
		if (!next) {
			out[Object.values(saved).join('.') || '(node)'] = resolved;
			return;
		}
		for (const option of (next.options ?? []) as INodePropertyOptions[])
			walk({ ...saved, [next.name]: option.value });
	};
	walk({});
	return out;
}

const cases = nodes.flatMap((description) =>
	versionsOf(description).map(
		(version) => [`${description.name}@${version}`, description, version] as const,
	),
);

/** What a saved workflow of each committed selection resolves to now (the selectors as saved, nothing else). */
export function resolveCommitted(
	description: INodeTypeDescription,
	typeVersion: number,
	committed: Record<string, INodeParameters>,
) {
	return Object.fromEntries(
		Object.entries(committed).map(([key, parameters]) => {
			const saved = Object.fromEntries(
				SELECTORS.filter((s) => s in parameters).map((s) => [s, parameters[s]]),
			);
			return [key, resolve(description, typeVersion, saved)];
		}),
	);
}

test.each(cases)(
	'%s: a node saved with only its resource and operation resolves to the committed defaults',
	(name, description, version) => {
		const file = path.join(folder, `${name}.json`);
		if (!existsSync(file)) {
			if (process.env.WRITE_VERSION_DEFAULTS !== '1') {
				throw new Error(
					`${path.relative(process.cwd(), file)} is missing: a new typeVersion's defaults are written with WRITE_VERSION_DEFAULTS=1`,
				);
			}
			mkdirSync(folder, { recursive: true });
			writeFileSync(
				file,
				`${JSON.stringify(defaultsPerSelection(description, version), null, '\t')}\n`,
			);
		}
		const committed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, INodeParameters>;
		// Each committed value still resolves the same; parameters added since may stand beside them.
		expect(resolveCommitted(description, version, committed)).toMatchObject(committed);
	},
);

test('every node has at least one typeVersion file, and the walk sees every operation (so the test above can fail)', () => {
	const ce = defaultsPerSelection(new CustomerEngagement().description, 1);
	expect(Object.keys(ce)).toEqual(
		expect.arrayContaining([
			'contact.get',
			'contact.update',
			'loyaltyReward.update',
			'visit.createMany',
		]),
	);
	expect(ce['contact.getAll']).toMatchObject({ returnAll: false, limit: 50 });
	const cmt = defaultsPerSelection(new CheckMonitorTrigger().description, 1);
	expect(Object.keys(cmt).length).toBeGreaterThanOrEqual(2);
	// A default changed in place shows: Simplify off instead of on.
	// (The node's definitions are module constants: each change is made on a copy.)
	const description = new CustomerEngagement().description;
	const changed = {
		...description,
		properties: description.properties.map((p) =>
			p.name === 'simplify' ? { ...p, default: !p.default } : p,
		),
	};
	expect(() => expect(resolveCommitted(changed, 1, ce)).toMatchObject(ce)).toThrow();
	// A parameter removed shows too; one added with its default does not.
	const removed = {
		...description,
		properties: description.properties.filter((p) => p.name !== 'simplify'),
	};
	expect(() => expect(resolveCommitted(removed, 1, ce)).toMatchObject(ce)).toThrow();
	const added = {
		...description,
		properties: [
			...description.properties,
			{ displayName: 'New', name: 'newOption', type: 'boolean' as const, default: false },
		],
	};
	expect(resolveCommitted(added, 1, ce)).toMatchObject(ce);
});
