import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { apiRequest } from '../../shared/apiRequest';
import { customerEngagementApi } from '../shared/customerEngagementApi';

export async function searchCustomFields(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const { body } = await apiRequest(this, customerEngagementApi, { url: '/v1/custom-fields' });
	const fields = (Array.isArray(body) ? body : []) as IDataObject[];
	const needle = filter?.trim().toLowerCase() ?? '';
	return {
		results: fields
			.filter((f) => !needle || String(f.name).toLowerCase().includes(needle))
			.map((f) => ({ name: `${String(f.name)} (${String(f.type)})`, value: String(f.id) })),
	};
}
