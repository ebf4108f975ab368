/** What the editor shows for every operation of both action nodes (names, types, defaults, texts, options), routing and display rules left out. */
import { NodeHelpers, type INodeProperties, type INodePropertyOptions, type INodeTypeDescription } from 'n8n-workflow';
import { CheckMonitor } from '../../dist/nodes/CheckMonitor/CheckMonitor.node';
import { CustomerEngagement } from '../../dist/nodes/CustomerEngagement/CustomerEngagement.node';

const KEEP = ['displayName', 'name', 'type', 'default', 'required', 'description', 'placeholder', 'hint', 'typeOptions', 'noDataExpression', 'modes', 'extractValue', 'validateType', 'isNodeSetting'];
function view(p: INodeProperties, values: Record<string, unknown>): unknown {
	const out: Record<string, unknown> = {};
	for (const k of KEEP) if ((p as never)[k] !== undefined) out[k] = (p as never)[k];
	if (p.options) {
		out.options = (p.options as Array<INodeProperties | INodePropertyOptions>)
			.filter((o) => !('displayOptions' in o) || !o.displayOptions || NodeHelpers.displayParameter(values as never, o as INodeProperties, null, null, values as never))
			.map((o) => ('type' in o || 'values' in o ? view(o as INodeProperties, values) : { ...(o as object), routing: undefined }));
	}
	if ((p as { values?: INodeProperties[] }).values) out.values = (p as { values: INodeProperties[] }).values.map((v) => view(v, values));
	return JSON.parse(JSON.stringify(out));
}
function nodeView(description: INodeTypeDescription) {
	const result: Record<string, unknown> = {};
	const resources = (description.properties.find((p) => p.name === 'resource')!.options ?? []) as INodePropertyOptions[];
	for (const resource of resources) {
		const opProp = description.properties.find((p) => p.name === 'operation' && NodeHelpers.displayParameter({ resource: resource.value } as never, p, null, description))!;
		for (const operation of opProp.options as INodePropertyOptions[]) {
			for (const returnAll of [false, true]) {
				for (const signal of ['success', 'exitStatus']) {
					const base: Record<string, unknown> = { resource: resource.value, operation: operation.value, returnAll, signal };
					const values = { ...(NodeHelpers.getNodeParameters(description.properties, base as never, true, false, null, description) as object), returnAll, signal, resource: resource.value, operation: operation.value };
					const shown = description.properties.filter((p) => p.type !== 'hidden' && NodeHelpers.displayParameter(values as never, p, null, description, values as never));
					result[`${String(resource.value)}.${String(operation.value)} returnAll=${returnAll} signal=${signal}`] = {
						defaults: NodeHelpers.getNodeParameters(description.properties, { resource: resource.value, operation: operation.value } as never, false, false, null, description),
						shown: shown.map((p) => view(p, values)),
					};
				}
			}
		}
	}
	return result;
}
console.log(JSON.stringify({ customerEngagement: nodeView(new CustomerEngagement().description), checkMonitor: nodeView(new CheckMonitor().description) }, null, 1));
