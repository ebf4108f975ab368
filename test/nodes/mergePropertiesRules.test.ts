/**
 * mergeSameNamedProperties, rule by rule, on small made-up nodes. The two real nodes
 * (mergeProperties.test.ts) exercise only the cases they happen to have; each test here
 * states one rule with the whole merged output, and, where the rule is about display, what
 * n8n shows for every operation.
 */
import { NodeHelpers, type IHttpRequestOptions, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';
import { mergeSameNamedProperties } from '../../nodes/shared/mergeProperties.ts';

const option = (value: string) => ({ name: value, value });

/**
 * A node with three resources: contact (get, create, delete, getAll), note (create, get) and
 * label (getAll), plus a Mode parameter of contact whose options are not operations.
 */
const selectors: INodeProperties[] = [
	{ displayName: 'Resource', name: 'resource', type: 'options', noDataExpression: true, options: ['contact', 'note', 'label'].map(option), default: 'contact' },
	{ displayName: 'Operation', name: 'operation', type: 'options', noDataExpression: true, displayOptions: { show: { resource: ['contact'] } }, options: ['get', 'create', 'delete', 'getAll'].map(option), default: 'get' },
	{ displayName: 'Operation', name: 'operation', type: 'options', noDataExpression: true, displayOptions: { show: { resource: ['note'] } }, options: ['create', 'get'].map(option), default: 'create' },
	{ displayName: 'Operation', name: 'operation', type: 'options', noDataExpression: true, displayOptions: { show: { resource: ['label'] } }, options: ['getAll'].map(option), default: 'getAll' },
	{ displayName: 'Mode', name: 'mode', type: 'options', options: ['a', 'b'].map(option), default: 'a', displayOptions: { show: { resource: ['contact'] } } },
];
const PAIRS = ['contact:get', 'contact:create', 'contact:delete', 'contact:getAll', 'note:create', 'note:get', 'label:getAll'];

type Show = Record<string, Array<string | boolean>>;
const text = (name: string, show: Show | undefined, extra: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName: `The ${name}`,
	name,
	type: 'string',
	default: '',
	...extra,
	...(show ? { displayOptions: { show } } : {}),
});
const on = (resource: string | string[], operation?: string | string[]): Show => ({
	resource: ([] as string[]).concat(resource),
	...(operation === undefined ? {} : { operation: ([] as string[]).concat(operation) }),
});

/** The merged definitions, the selectors left out (they come first and stay as they are). */
function merged(...properties: INodeProperties[]): INodeProperties[] {
	const result = mergeSameNamedProperties([...selectors, ...properties]);
	expect(result.slice(0, selectors.length)).toEqual(selectors);
	return result.slice(selectors.length);
}

/** Where n8n shows each parameter (and each collection option), as resource:operation pairs. */
function shownAt(properties: INodeProperties[], mode = 'a'): Record<string, string[]> {
	const description = { properties } as INodeTypeDescription;
	const where: Record<string, string[]> = {};
	for (const pair of PAIRS) {
		const [resource, operation] = pair.split(':');
		const values = NodeHelpers.getNodeParameters(properties, { resource, operation, mode } as never, true, false, null, description) as Record<string, unknown>;
		const visible = (p: INodeProperties) => NodeHelpers.displayParameter(values as never, p, null, description, values as never);
		for (const p of properties.filter(visible)) {
			// The selectors and Mode are the same before and after merging.
			if (p.type === 'hidden' || selectors.includes(p)) continue;
			(where[p.name] ??= []).push(pair);
			for (const o of p.type === 'collection' ? (p.options as INodeProperties[]) : []) if (!o.displayOptions || visible(o)) (where[`${p.name}.${o.name}`] ??= []).push(pair);
		}
	}
	for (const list of Object.values(where)) list.sort();
	return where;
}

describe('definitions alike apart from where they are shown', () => {
	test('merge into one when one rule shows exactly their places', () => {
		const declared = [text('id', on('contact', 'get')), text('id', on('contact', 'delete'))];
		expect(merged(...declared)).toEqual([text('id', on('contact', ['get', 'delete']))]);
		expect(shownAt([...selectors, ...merged(...declared)])).toEqual(shownAt([...selectors, ...declared]));
	});

	test('merge across resources when the operations are the same', () => {
		expect(merged(text('id', on('contact', 'get')), text('id', on('note', 'get')))).toEqual([text('id', on(['contact', 'note'], 'get'))]);
	});

	test('a definition shown for every resource merges with one of a single resource when the union adds no place', () => {
		// Operation get of any resource (contact:get, note:get), and contact:delete: note has no delete, so "get or delete" is exact.
		expect(merged(text('id', { operation: ['get'] }), text('id', on('contact', 'delete')))).toEqual([text('id', { operation: ['get', 'delete'] })]);
	});

	test('definitions shown everywhere merge into one without display rules', () => {
		const result = merged(text('id', undefined), text('id', undefined));
		expect(result).toHaveLength(1);
		expect(result[0]).toStrictEqual({ ...text('id', undefined), displayOptions: undefined });
	});

	test('other display conditions are kept when they are the same', () => {
		const declared = ['get', 'delete'].map((operation) => ({ ...text('id', undefined), displayOptions: { show: { ...on('contact', operation), mode: ['b'] }, hide: { mode: ['a'] } } }));
		expect(merged(...declared)).toEqual([{ ...text('id', undefined), displayOptions: { show: { mode: ['b'], resource: ['contact'], operation: ['get', 'delete'] }, hide: { mode: ['a'] } } }]);
	});

	test('a hide rule alone is kept, and no empty show is added', () => {
		const hidden = (operation: string) => ({ ...text('id', undefined), displayOptions: { hide: { mode: ['b'] }, show: on('contact', operation) } });
		expect(merged(hidden('get'), hidden('delete'))).toEqual([{ ...text('id', undefined), displayOptions: { show: on('contact', ['get', 'delete']), hide: { mode: ['b'] } } }]);
		const everywhere = { ...text('id', undefined), displayOptions: { hide: { mode: ['b'] } } };
		expect(merged(everywhere, everywhere)).toEqual([everywhere]);
	});

	test('definitions that differ in more than where they are shown stay apart', () => {
		const declared = [text('id', on('contact', 'get'), { required: true }), text('id', on('contact', 'delete'))];
		expect(merged(...declared)).toEqual(declared);
	});

	const flag = (value: boolean, displayOptions: object) => ({ displayName: 'The id Shown', name: 'idShown', type: 'hidden', default: value, displayOptions });

	test('when no one rule can show their places, a hidden flag says where, and it is false everywhere else', () => {
		const declared = [text('id', on('contact', 'get')), text('id', on('contact', 'delete')), text('id', on('note', 'create'))];
		expect(merged(...declared)).toEqual([
			flag(true, { show: on('contact', ['get', 'delete']) }),
			flag(true, { show: on('note', 'create') }),
			flag(false, { show: on('contact', ['create', 'getAll']) }),
			flag(false, { show: on('note', 'get') }),
			flag(false, { show: on('label') }),
			flag(false, { hide: { resource: ['contact', 'note', 'label'] } }),
			text('id', { idShown: [true] }),
		]);
		expect(shownAt([...selectors, ...merged(...declared)])).toEqual({ id: ['contact:delete', 'contact:get', 'note:create'] });
	});

	test('a flag needs no false rule for a resource whose every operation shows the parameter', () => {
		// note:create and label:getAll merge by one rule (note has no getAll, label no create); label has no other operation.
		const declared = [text('id', on('contact', 'get')), text('id', on('note', 'create')), text('id', on('label', 'getAll'))];
		expect(merged(...declared)).toEqual([
			flag(true, { show: on('contact', 'get') }),
			flag(true, { show: on(['note', 'label'], ['create', 'getAll']) }),
			flag(false, { show: on('contact', ['create', 'delete', 'getAll']) }),
			flag(false, { show: on('note', 'get') }),
			flag(false, { hide: { resource: ['contact', 'note', 'label'] } }),
			text('id', { idShown: [true] }),
		]);
	});

	test('a definition shown for every operation of a resource counts every one of them', () => {
		// Note (create and get) and contact:create: "note or contact, any operation" would add contact:get.
		const declared = [text('id', on('note')), text('id', on('contact', 'create'))];
		expect(merged(...declared)).toEqual([
			flag(true, { show: on('note') }),
			flag(true, { show: on('contact', 'create') }),
			flag(false, { show: on('contact', ['get', 'delete', 'getAll']) }),
			flag(false, { show: on('label') }),
			flag(false, { hide: { resource: ['contact', 'note', 'label'] } }),
			text('id', { idShown: [true] }),
		]);
		expect(shownAt([...selectors, ...merged(...declared)])).toEqual({ id: ['contact:create', 'note:create', 'note:get'] });
	});

	test('definitions of another kind stay apart from the flagged ones, merged among themselves', () => {
		const other = (operation: string) => text('id', on('contact', operation), { required: true });
		const result = merged(text('id', on('contact', 'get')), other('create'), text('id', on('note', 'create')), other('getAll'));
		expect(result.filter((p) => p.name === 'id')).toEqual([text('id', { idShown: [true] }), text('id', on('contact', ['create', 'getAll']), { required: true })]);
		expect(shownAt([...selectors, ...result]).id).toEqual(['contact:create', 'contact:get', 'contact:getAll', 'note:create']);
	});

	test('definitions whose routing hooks differ stay apart, the same hooks merge', () => {
		const hook = async (options: IHttpRequestOptions) => options;
		const other = async (options: IHttpRequestOptions) => ({ ...options });
		const routed = (operation: string, preSend: typeof hook) => text('id', on('contact', operation), { routing: { send: { preSend: [preSend] } } });
		expect(merged(routed('get', hook), routed('delete', other))).toEqual([routed('get', hook), routed('delete', other)]);
		expect(merged(routed('get', hook), routed('delete', hook))).toEqual([{ ...routed('get', hook), displayOptions: { show: on('contact', ['get', 'delete']) } }]);
	});

	test('a collection and a parameter of another type with the same name and label stay apart', () => {
		const list: INodeProperties = { displayName: 'The id', name: 'id', type: 'collection', default: {}, options: [text('email', undefined)], displayOptions: { show: on('contact', 'get') } };
		const single = text('id', on('contact', 'delete'));
		expect(merged(list, single)).toEqual([list, single]);
		expect(merged(single, list)).toEqual([single, list]);
	});

	test('refused: two kinds that would each need a flag', () => {
		expect(() =>
			merged(text('id', on('contact', 'get')), text('id', on('note', 'create')), text('id', on('contact', 'delete'), { required: true }), text('id', on('note', 'get'), { required: true })),
		).toThrow('mergeSameNamedProperties: id has two kinds of definitions to merge; one flag can serve one kind');
	});

	test('refused: a node without a Resource parameter', () => {
		expect(() => mergeSameNamedProperties([text('id', undefined), text('id', undefined)])).toThrow('mergeSameNamedProperties: the node has no Resource parameter');
	});

	test('refused: a flag whose name is already a parameter', () => {
		expect(() => merged(text('id', on('contact', 'get')), text('id', on('note', 'create')), text('idShown', on('label')))).toThrow(
			'mergeSameNamedProperties: idShown is already a parameter',
		);
	});

	test('refused: alike definitions shown on other conditions too, which a flag cannot say', () => {
		expect(() => merged(text('id', { ...on('contact', 'get'), mode: ['b'] }), text('id', on('contact', 'delete')))).toThrow(
			'mergeSameNamedProperties: id is shown on conditions besides resource and operation; a flag cannot say where',
		);
		expect(() => merged(text('id', { ...on('contact', 'get'), mode: ['b'] }), text('id', { ...on('note', 'create'), mode: ['b'] }))).toThrow(
			'mergeSameNamedProperties: id is shown on conditions besides resource and operation; a flag cannot say where',
		);
	});

	test('the operation selectors are never merged, even when alike', () => {
		const twin = (resource: string): INodeProperties => ({ displayName: 'Operation', name: 'operation', type: 'options', options: ['list'].map(option), default: 'list', displayOptions: { show: { resource: [resource] } } });
		const properties: INodeProperties[] = [{ displayName: 'Resource', name: 'resource', type: 'options', options: ['x', 'y'].map(option), default: 'x' }, twin('x'), twin('y')];
		expect(mergeSameNamedProperties(properties)).toEqual(properties);
	});
});

describe('collections', () => {
	const collection = (show: Show, options: INodeProperties[], extra: Partial<INodeProperties> = {}): INodeProperties => ({
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options,
		displayOptions: { show },
		...extra,
	});
	const field = (name: string, extra: Partial<INodeProperties> = {}) => ({ ...text(name, undefined), ...extra });

	test('merge with the same name and label; each option is shown where its own collection was, options in label order', () => {
		const declared = [
			collection(on('contact', 'create'), [field('phone'), field('email')], { description: 'Contact fields' }),
			collection(on('note', 'create'), [field('email'), field('body'), field('tag', { displayOptions: { show: { '/mode': ['a'] } } })], { description: 'Note fields' }),
		];
		const result = merged(...declared);
		expect(result).toEqual([
			{
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: { show: on(['contact', 'note'], 'create') },
				options: [
					{ ...field('body'), displayOptions: { show: { '/resource': ['note'] } } },
					field('email'),
					{ ...field('phone'), displayOptions: { show: { '/resource': ['contact'] } } },
					{ ...field('tag'), displayOptions: { show: { '/mode': ['a'], '/resource': ['note'] } } },
				],
			},
		]);
		expect(result[0]).not.toHaveProperty('description');
		// n8n agrees: contact:create offers email and phone, note:create body and email (tag only in mode a).
		expect(shownAt([...selectors, ...result], 'b')).toEqual({
			additionalFields: ['contact:create', 'note:create'],
			'additionalFields.body': ['note:create'],
			'additionalFields.email': ['contact:create', 'note:create'],
			'additionalFields.phone': ['contact:create'],
		});
	});

	test('a narrower option keeps only what narrows it: the operation, when the collections differ in operation', () => {
		const result = merged(collection(on('contact', 'get'), [field('email')]), collection(on('contact', 'delete'), [field('email'), field('phone')]));
		expect(result[0].displayOptions).toEqual({ show: on('contact', ['get', 'delete']) });
		expect(result[0].options).toEqual([field('email'), { ...field('phone'), displayOptions: { show: { '/operation': ['delete'] } } }]);
	});

	test("an option's own display rule narrows it further", () => {
		const own = { ...field('x'), displayOptions: { show: { '/operation': ['get'] } } };
		const result = merged(collection(on('contact', ['get', 'delete']), [own]), collection(on('note', 'get'), [field('x')]));
		expect(result).toHaveLength(1);
		expect(result[0].displayOptions).toEqual({ show: on(['contact', 'note'], ['get', 'delete']) });
		expect(result[0].options).toEqual([{ ...field('x'), displayOptions: { show: { '/operation': ['get'] } } }]);
	});

	test('alike collections that no one rule can show stay apart (a flag serves parameters of other types)', () => {
		const declared = [collection(on('contact', 'get'), [field('email')]), collection(on('note', 'create'), [field('email')])];
		expect(merged(...declared)).toEqual(declared);
	});

	test('the same description is kept', () => {
		const result = merged(collection(on('contact', 'get'), [], { description: 'Fields' }), collection(on('contact', 'delete'), [], { description: 'Fields' }));
		expect(result).toHaveLength(1);
		expect(result[0].description).toBe('Fields');
	});

	test('collections with another label or placeholder stay apart', () => {
		for (const extra of [{ displayName: 'Options' }, { placeholder: 'Add Option' }]) {
			// Options in their declared order, not sorted: a collection left alone is left as it is.
			const declared = [collection(on('contact', 'get'), [field('phone'), field('email')]), collection(on('contact', 'delete'), [field('email')], extra)];
			expect(merged(...declared)).toEqual(declared);
		}
	});
});

describe('order', () => {
	test('each operation keeps its declared order, even when a merged definition was declared first elsewhere', () => {
		// contact:get declares id then extra; contact:delete declares name then id.
		const result = merged(text('id', on('contact', 'get')), text('extra', on('contact', 'get')), text('name', on('contact', 'delete')), text('id', on('contact', 'delete')));
		expect(result.map((p) => p.name)).toEqual(['name', 'id', 'extra']);
	});

	test('parameters no operation orders keep their declaration order', () => {
		const declared = [text('second', on('note', 'get')), text('first', on('contact', 'get')), text('id', on('label', 'getAll')), text('id', on('note', 'create'))];
		expect(merged(...declared).map((p) => p.name)).toEqual(['second', 'first', 'id']);
	});

	test('a merged definition takes the place of its first declaration', () => {
		// id (label:getAll, note:create) and other (note:get): no operation shows both.
		expect(merged(text('id', on('label', 'getAll')), text('other', on('note', 'get')), text('id', on('note', 'create'))).map((p) => p.name)).toEqual(['id', 'other']);
	});

	test('refused: two operations that declare shared parameters in opposite orders', () => {
		expect(() => merged(text('a', on('contact', 'get')), text('b', on('contact', 'get')), text('b', on('contact', 'delete')), text('a', on('contact', 'delete')))).toThrow(
			'mergeSameNamedProperties: two operations declare shared parameters in opposite orders',
		);
	});
});
