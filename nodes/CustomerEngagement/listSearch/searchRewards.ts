import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { matches, searchPagedList } from '../../shared/listSearch';
import { customerEngagementApi } from '../shared/customerEngagementApi';

export async function searchRewards(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPagedList(this, customerEngagementApi, {
		url: '/v1/loyalty-rewards',
		paginationToken,
		keep: (reward) => matches(reward.title, filter),
		toResult: (reward) => ({ name: `${String(reward.title)} (${String(reward.points)} points)`, value: String(reward.id) }),
	});
}
