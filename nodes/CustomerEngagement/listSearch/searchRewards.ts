import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { matches, searchPages } from '../shared/pages';

export async function searchRewards(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPages(this, {
		url: '/v1/loyalty-rewards',
		paginationToken,
		keep: (reward) => matches(reward.title, filter),
		toResult: (reward) => ({
			name: `${String(reward.title)} (${String(reward.points)} points)`,
			value: String(reward.id),
		}),
	});
}
