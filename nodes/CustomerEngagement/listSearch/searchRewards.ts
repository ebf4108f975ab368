import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { directRequest } from '../../shared/directRequest';
import { customerEngagementDirectApi } from '../shared/transport';

const PAGE_SIZE = 100;

export async function searchRewards(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const { body, headers } = await directRequest(this, customerEngagementDirectApi, {
		url: '/v1/loyalty-rewards',
		qs: { page, perPage: PAGE_SIZE },
	});
	const rewards = (Array.isArray(body) ? body : []) as IDataObject[];
	const needle = filter?.trim().toLowerCase() ?? '';
	const results = rewards
		.filter((r) => !needle || String(r.title).toLowerCase().includes(needle))
		.map((r) => ({ name: `${String(r.title)} (${String(r.points)} points)`, value: String(r.id) }));
	const total = Number(headers['x-total-count']);
	const more = Number.isFinite(total) ? page * PAGE_SIZE < total : rewards.length === PAGE_SIZE;
	return { results, paginationToken: more ? String(page + 1) : undefined };
}
