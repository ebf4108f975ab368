import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiRequest } from '../../shared/apiRequest';
import { customerEngagementApi } from '../shared/customerEngagementApi';

/** Every label (paged through), for the contact's label multi-select. */
export async function getLabels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const options: INodePropertyOptions[] = [];
	for (let page = 1; ; page++) {
		const { body } = await apiRequest(this, customerEngagementApi, {
			url: '/v1/labels',
			qs: { page, perPage: 100 },
		});
		const labels = (Array.isArray(body) ? body : []) as IDataObject[];
		options.push(
			...labels.map((l) => ({
				name: String(l.name),
				value: String(l.id),
				description: String(l.color ?? ''),
			})),
		);
		if (labels.length < 100) break;
	}
	return options;
}

/** Custom field definitions, named with their type so the value can be entered right. */
export async function getCustomFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const { body } = await apiRequest(this, customerEngagementApi, { url: '/v1/custom-fields' });
	const fields = (Array.isArray(body) ? body : []) as IDataObject[];
	return fields.map((f) => {
		const options = (f.options as IDataObject[] | undefined) ?? [];
		return {
			name: `${String(f.name)} (${String(f.type).replace('_', ' ')})`,
			value: String(f.id),
			description: options.length
				? `Options (enter the name or the ID): ${options.map((o) => `${String(o.value)} = ${String(o.id)}`).join(', ')}`
				: undefined,
		};
	});
}
