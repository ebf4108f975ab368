import type { INodePropertyOptions } from 'n8n-workflow';

/** Get has no parameters: the account has one set of loyalty settings. */
export const loyaltySettingsGetOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get points earned per visit or review',
	description:
		'Reads the loyalty settings of the account. Returns the points earned per visit (checkin), share, review and dollar spent.',
	routing: { request: { method: 'GET', url: '/v1/loyalty-rewards/loyalty-settings' } },
};
