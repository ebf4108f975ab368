/**
 * `npx tsx scripts/dev/editorView.ts [dist folder] > /tmp/view.json`: what the editor shows for every operation of
 * both action nodes, read from the build (dist/types/nodes.json, what n8n's editor reads): for
 * each operation, with Return All off and on and with Ping → Send's two kinds of signal, the
 * defaults n8n resolves and every parameter it shows, in order (names, types, defaults, texts,
 * options, modes; the collections with the entries they show), routing and display rules left
 * out. Two builds that show the same produce the same file: compare a refactor's before and after.
 */
import {
	NodeHelpers,
	type INodeProperties,
	type INodePropertyOptions,
	type INodeTypeDescription,
} from 'n8n-workflow';
import path from 'node:path';
import { builtDescription } from '../../harness/nodeOperations';

const SHOWN = [
	'displayName',
	'name',
	'type',
	'default',
	'required',
	'description',
	'placeholder',
	'hint',
	'typeOptions',
	'noDataExpression',
	'modes',
	'extractValue',
	'validateType',
	'isNodeSetting',
] as const;

function view(property: INodeProperties, values: Record<string, unknown>): unknown {
	const out: Record<string, unknown> = Object.fromEntries(
		SHOWN.filter((key) => property[key] !== undefined).map((key) => [key, property[key]]),
	);
	const visible = (option: INodeProperties | INodePropertyOptions) =>
		!('displayOptions' in option) ||
		!option.displayOptions ||
		NodeHelpers.displayParameter(
			values as never,
			option as INodeProperties,
			null,
			null,
			values as never,
		);
	if (property.options) {
		out.options = (property.options as Array<INodeProperties | INodePropertyOptions>)
			.filter(visible)
			.map((option) =>
				'type' in option || 'values' in option
					? view(option as INodeProperties, values)
					: { ...option, routing: undefined },
			);
	}
	const group = property as unknown as { values?: INodeProperties[] };
	if (group.values) out.values = group.values.map((value) => view(value, values));
	return JSON.parse(JSON.stringify(out));
}

function nodeView(description: INodeTypeDescription) {
	const result: Record<string, unknown> = {};
	const resources = description.properties.find((p) => p.name === 'resource')!
		.options as INodePropertyOptions[];
	for (const resource of resources) {
		const selector = description.properties.find(
			(p) =>
				p.name === 'operation' &&
				NodeHelpers.displayParameter({ resource: resource.value } as never, p, null, description),
		)!;
		for (const operation of selector.options as INodePropertyOptions[]) {
			for (const returnAll of [false, true]) {
				for (const signal of ['success', 'exitStatus']) {
					const chosen = {
						resource: resource.value,
						operation: operation.value,
						returnAll,
						signal,
					};
					const values = {
						...NodeHelpers.getNodeParameters(
							description.properties,
							chosen as never,
							true,
							false,
							null,
							description,
						),
						...chosen,
					};
					// Request Options (batching, proxy, timeout): n8n adds it to every declarative node it loads.
					const shown = description.properties.filter(
						(p) =>
							p.type !== 'hidden' &&
							p.name !== 'requestOptions' &&
							NodeHelpers.displayParameter(values as never, p, null, description, values as never),
					);
					result[
						`${String(resource.value)}.${String(operation.value)} returnAll=${returnAll} signal=${signal}`
					] = {
						defaults: NodeHelpers.getNodeParameters(
							description.properties,
							{ resource: resource.value, operation: operation.value } as never,
							false,
							false,
							null,
							description,
						),
						shown: shown.map((p) => view(p, values)),
					};
				}
			}
		}
	}
	return result;
}

const dist = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
console.log(
	JSON.stringify(
		{
			customerEngagement: nodeView(builtDescription('customerEngagement', dist)),
			checkMonitor: nodeView(builtDescription('checkMonitor', dist)),
		},
		null,
		1,
	),
);
