/**
 * What the operations' routing shares: the request defaults, the default pagination hook (one
 * request, through the transport), the page paginator of the Get Manys and a preSend.
 */
import { sendIdInBody } from '../../shared/idParameters';
import { pageNumberPagination, singleRequest } from '../../shared/pagination';
import { customerEngagementApi } from './customerEngagementApi';

export const sendSingleRequest = singleRequest(customerEngagementApi);

/** Visit Create and Redeem send the contact in the body; the other operations have it in their paths. */
export const sendContactIdInBody = sendIdInBody('contactId', customerEngagementApi);

export const paginatePages = pageNumberPagination(customerEngagementApi);

export const requestDefaults = {
	headers: {
		Accept: 'application/json',
		'Content-Type': 'application/json;charset=UTF-8',
	},
	json: true,
	ignoreHttpStatusErrors: true,
};

