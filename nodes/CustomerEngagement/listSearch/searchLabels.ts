import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { directRequest } from '../../shared/directRequest';
import { customerEngagementDirectApi } from '../shared/transport';

const PAGE_SIZE = 100;

export async function searchLabels(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const { body, headers } = await directRequest(this, customerEngagementDirectApi, {
		url: '/v1/labels',
		qs: { page, perPage: PAGE_SIZE },
	});
	const labels = (Array.isArray(body) ? body : []) as IDataObject[];
	const needle = filter?.trim().toLowerCase() ?? '';
	const results = labels
		.filter((l) => !needle || String(l.name).toLowerCase().includes(needle))
		.map((l) => ({ name: String(l.name), value: String(l.id) }));
	const total = Number(headers['x-total-count']);
	const more = Number.isFinite(total) ? page * PAGE_SIZE < total : labels.length === PAGE_SIZE;
	return { results, paginationToken: more ? String(page + 1) : undefined };
}
