/**
 * What a model reads when an action node is an AI tool (customerEngagementTool,
 * checkMonitorTool, which n8n generates from `usableAsTool`).
 *
 * - The tool's description, unless the user writes one, is n8n's `makeDescription`
 *   (n8n-workflow node-helpers): "<action> in <node name>". The operation's `action` is all
 *   the model learns of what the tool does, so it must say more than n8n's own fallback
 *   ("Get many checks"): what it acts on and what it needs. The editor also names the node
 *   "<action> in <node name>" (`makeNodeName`) and the tool's name is that node name with
 *   non-word characters as "_", cut at 64 characters (`nodeNameToToolName`): so the action
 *   stays short enough for the name to survive whole.
 * - The operation's `description` (the editor's text under the operation, and what n8n's
 *   AI workflow builder reads) says in one or two sentences what it does, what it needs
 *   and what it returns.
 * - Every parameter a model may fill ("Let the model define this parameter" makes it
 *   `$fromAI('<display name>', '', '<type>')`, with an empty description the user is meant
 *   to write) has a description that says its form, so the user, and the workflow builder,
 *   can tell the model: an ID says what an ID looks like.
 *
 * Package-wide: what a model reads, for every operation of both action nodes.
 */
import {
	NodeHelpers,
	nodeNameToToolName,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyOptions,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { operationsOf } from '../../harness/nodeOperations';

const actionNodes: Array<[string, INodeTypeDescription]> = [
	['Customer Engagement', new CustomerEngagement().description],
	['Check Monitor', new CheckMonitor().description],
];

interface Operation {
	name: string;
	resourceName: string;
	option: INodePropertyOptions;
	shown: INodeProperties[];
}

/** Every (resource, operation) of an action node, with the top-level parameters it shows (as conventions.test.ts walks them). */
function operations(description: INodeTypeDescription): Operation[] {
	const resources = (description.properties.find((p) => p.name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
	const result: Operation[] = [];
	for (const resource of resources) {
		const parameters = { resource: resource.value };
		const operationProperty = description.properties.find(
			(p) =>
				p.name === 'operation' && NodeHelpers.displayParameter(parameters, p, null, description),
		);
		for (const operation of (operationProperty?.options ?? []) as INodePropertyOptions[]) {
			for (const returnAll of [false, true]) {
				// Defaults filled in, as the editor has them.
				const values = NodeHelpers.getNodeParameters(
					description.properties,
					{ resource: resource.value, operation: operation.value, returnAll } as INodeParameters,
					true,
					false,
					null,
					description,
				) as INodeParameters;
				const shown = description.properties.filter(
					(p) =>
						!['resource', 'operation'].includes(p.name) &&
						p.type !== 'hidden' &&
						p.type !== 'notice' &&
						NodeHelpers.displayParameter(values, p, null, description, values),
				);
				const name = `${String(resource.value)}.${String(operation.value)}`;
				const known = result.find((op) => op.name === name);
				if (known) known.shown.push(...shown.filter((p) => !known.shown.includes(p)));
				else result.push({ name, resourceName: resource.name, option: operation, shown });
			}
		}
	}
	return result;
}

/** What a model could be asked to fill: the parameter and, inside collections, every option (with where it sits). */
function fillable(properties: INodeProperties[], path = ''): Array<[string, INodeProperties]> {
	const found: Array<[string, INodeProperties]> = [];
	for (const property of properties) {
		const where = `${path}${property.name}`;
		if (property.type === 'collection')
			found.push(...fillable((property.options ?? []) as INodeProperties[], `${where}.`));
		else if (property.type === 'fixedCollection') {
			for (const group of (property.options ?? []) as Array<{
				name: string;
				values: INodeProperties[];
			}>)
				found.push(...fillable(group.values, `${where}.${group.name}.`));
		} else if (
			[
				'string',
				'number',
				'boolean',
				'options',
				'multiOptions',
				'json',
				'dateTime',
				'resourceLocator',
			].includes(property.type)
		) {
			found.push([where, property]);
		}
	}
	return found;
}

const words = (text: string) => text.split(/\s+/).filter((w) => /[a-z0-9]/i.test(w));
const ARTICLES = new Set(['a', 'an', 'the', 'many', 'of', 'in', 'all', 'one']);

/**
 * An action that says no more than n8n would: the verb and the resource (n8n's own fallback,
 * "Get many checks in Check Monitor", is "<action> in <node>", and without an action it is
 * "<operation> <resource>").
 */
function isGeneric(action: string, op: Operation, nodeName: string): boolean {
	if (/^(Get|Create|Update|Delete|Send|List)( many)? \w+( in .*)?$/.test(action)) return true;
	const known = new Set(
		[
			...words(op.option.name),
			...words(op.resourceName),
			...words(nodeName),
			String(op.option.value),
			String(op.name.split('.')[0]),
		].map((w) => w.toLowerCase()),
	);
	const stem = (w: string) => w.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');
	const knownStems = new Set([...known].map(stem));
	const rest = words(action).filter(
		(w) =>
			!ARTICLES.has(w.toLowerCase()) && !known.has(w.toLowerCase()) && !knownStems.has(stem(w)),
	);
	return rest.length < 2;
}

/** What an ID parameter must show: an example, or the pattern it follows. */
const SAYS_FORM = /e\.g\. \S+|UUID|pattern|lowercase letters/i;
const isIdParameter = (p: INodeProperties) =>
	p.type !== 'boolean' &&
	(p.type === 'resourceLocator' || /Id$/.test(p.name) || /\bIDs?\b/.test(p.displayName));

describe.each(actionNodes)('%s as an AI tool', (nodeName, description) => {
	const all = operations(description);

	test('the walk sees every operation, each with its parameters', () => {
		// Every operation the node declares.
		expect(all.length).toBe(Object.values(operationsOf(description)).flat().length);
		expect(all.some((op) => op.shown.length > 2)).toBe(true);
	});

	test.each(all.map((op) => [op.name, op]))(
		'%s: its action says what it does and what it needs, not only "<verb> <resource>"',
		(_name, op) => {
			const action = op.option.action ?? '';
			expect([op.name, action.trim() !== '', isGeneric(action, op, nodeName)]).toEqual([
				op.name,
				true,
				false,
			]);
			// The tool's name is the node's name "<action> in <node>", cut at 64 characters: it survives whole.
			const toolName = nodeNameToToolName(`${action} in ${description.defaults.name}`);
			expect([op.name, toolName.length < 64]).toEqual([op.name, true]);
		},
	);

	test.each(all.map((op) => [op.name, op]))(
		'%s: its description says what it does and what it returns, in a sentence or two',
		(_name, op) => {
			const text = op.option.description ?? '';
			expect([op.name, words(text).length >= 10, /\breturn(s|ed|ing)?\b/i.test(text)]).toEqual([
				op.name,
				true,
				true,
			]);
			expect([op.name, text.split(/(?<=[.;])\s+(?=[A-Z])/).length <= 3]).toEqual([op.name, true]);
		},
	);

	test.each(all.map((op) => [op.name, op]))(
		'%s: every parameter a model may fill says its form; an ID shows an example or its pattern',
		(_name, op) => {
			const missing: string[] = [];
			for (const [where, property] of fillable(op.shown)) {
				const text = property.description ?? '';
				if (
					words(text).length < 3 ||
					text.trim().toLowerCase() === property.displayName.toLowerCase()
				)
					missing.push(`${where}: no description`);
				else if (isIdParameter(property) && !SAYS_FORM.test(text))
					missing.push(`${where}: an ID without its form`);
				if (property.type === 'resourceLocator') {
					// Each typed mode (By ID, By Slug) is a form the model may have to give: the description names it.
					for (const mode of property.modes ?? []) {
						if (mode.name === 'slug' && !/slug/i.test(text))
							missing.push(`${where}: mode ${mode.name} not described`);
						if (mode.name === 'id' && !/\bID\b|UUID/.test(text))
							missing.push(`${where}: mode ${mode.name} not described`);
					}
				}
			}
			expect([op.name, missing]).toEqual([op.name, []]);
		},
	);
});

test('the checks above can fail: a generic action, a description without its return, an ID without its form', () => {
	const op: Operation = {
		name: 'check.getAll',
		resourceName: 'Check',
		option: { name: 'Get Many', value: 'getAll', action: 'Get many checks' },
		shown: [],
	};
	expect(isGeneric('Get many checks', op, 'Check Monitor')).toBe(true);
	expect(isGeneric('Get all the checks', op, 'Check Monitor')).toBe(true);
	expect(isGeneric('List checks filtered by slug or tags', op, 'Check Monitor')).toBe(false);
	const id: INodeProperties = {
		displayName: 'Contact ID',
		name: 'contactId',
		type: 'string',
		default: '',
		description: 'Only visits of this contact',
	};
	expect(isIdParameter(id) && !SAYS_FORM.test(id.description as string)).toBe(true);
	expect(
		fillable([{ displayName: 'F', name: 'f', type: 'collection', default: {}, options: [id] }]).map(
			([where]) => where,
		),
	).toEqual(['f.contactId']);
});

test.each(actionNodes)(
	'%s: the tool variant, and only it, asks for a description of each field a model fills',
	(_node, description) => {
		// n8n names the variant "<name>Tool" (convertNodeToAiTool); `@tool` is true for that name only.
		const tool = { ...description, name: `${description.name}Tool` };
		const notice = description.properties.find((p) => p.name === 'toolNotice') as INodeProperties;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toMatch(/description that says the value's form/);
		expect([
			NodeHelpers.displayParameter({}, notice, null, tool),
			NodeHelpers.displayParameter({}, notice, null, description),
		]).toEqual([true, false]);
	},
);
