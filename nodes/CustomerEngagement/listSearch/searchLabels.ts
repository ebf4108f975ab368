import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { matches, searchPages } from '../shared/pages';

export async function searchLabels(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPages(this, {
		url: '/v1/labels',
		paginationToken,
		keep: (label) => matches(label.name, filter),
		toResult: (label) => ({ name: String(label.name), value: String(label.id) }),
	});
}
