/** The Customer Engagement API as the package's requests need it (docs/api/customer-engagement.md). */
import type { IDataObject } from 'n8n-workflow';
import {
	afterFailure,
	type ApiDefinition,
	type Answer,
	bodyText,
	type ShownRequest,
} from '../../shared/apiRequest';
import { customerEngagementRoot } from '../../../credentials/CustomerEngagementApi.credentials';

/** Which object a path names, for "not found" messages: /v1/contacts/{id} -> contact. */
const OBJECT_BY_COLLECTION: Record<string, string> = {
	contacts: 'contact',
	'custom-fields': 'custom field',
	visits: 'visit',
	labels: 'label',
	'loyalty-rewards': 'loyalty reward',
};

function objectInPath(url: string): { kind: string; id: string } | undefined {
	const segments = url.split('?')[0].split('/').filter(Boolean);
	// The innermost "<collection>/<id>" pair that is not a fixed sub-path.
	for (let i = segments.length - 2; i >= 0; i--) {
		const kind = OBJECT_BY_COLLECTION[segments[i]];
		const id = segments[i + 1];
		if (kind && id && !['custom-fields', 'redeems', 'loyalty-settings', 'all'].includes(id))
			return { kind, id: decodeURIComponent(id) };
	}
	return undefined;
}

/** Error answers are `{errorCode, message}`: what happened and what to do. */
export function describeCustomerEngagementError(answer: Answer, request: ShownRequest) {
	const body = (
		typeof answer.body === 'object' && answer.body !== null ? answer.body : {}
	) as IDataObject;
	const code = typeof body.errorCode === 'string' ? body.errorCode : undefined;
	// A code without a message says all there is: the body's JSON would only repeat it.
	const apiMessage = code && typeof body.message !== 'string' ? '' : bodyText(answer.body);
	const said = apiMessage ? `: ${apiMessage}` : '';
	const codeText = code ? ` (${code})` : '';
	switch (answer.statusCode) {
		case 401:
			return {
				message: `The Customer Engagement API rejected the access token${codeText}`,
				description:
					code === 'MISSING_TOKEN'
						? 'No token was sent. Open the Customer Engagement API credential and enter the access token.'
						: 'Check the Customer Engagement API credential: copy the token again from the Apps / Integration page of your business backend.',
			};
		case 404: {
			const object = objectInPath(request.url);
			if (!object)
				return {
					message: `The API has no such resource${codeText}`,
					description: apiMessage || undefined,
				};
			// What to send instead, for a person and for a model that guessed the ID.
			const listedBy = `${object.kind.replace(/\b\w/g, (c) => c.toUpperCase())} → Get Many`;
			return {
				message: `No ${object.kind} with ID "${object.id}" exists${codeText}`,
				description: `${apiMessage ? `${apiMessage.replace(/\.$/, '')}. ` : ''}Send the ID of an existing ${object.kind}, as ${listedBy} lists it.`,
			};
		}
		case 429:
			return {
				message: `Rate limit reached: the Customer Engagement API answered 429${codeText}`,
				description:
					'Too many requests in a short time. Run fewer items at once (Options → Batching) or wait before running again.',
			};
		default:
			if (answer.statusCode >= 500) {
				return {
					message: `The Customer Engagement API failed with HTTP ${answer.statusCode}${said}`,
					description: `This is a problem on the API side. ${afterFailure(request.method)}`,
				};
			}
			// A contact's email or phone taken already: say which operation does what the user wants.
			if (
				code === 'RESOURCE_ALREADY_EXISTS' &&
				/(^|\/)v1\/contacts(\/[^/]+)?$/.test(request.url.split('?')[0])
			)
				return {
					message: `The Customer Engagement API rejected the request${codeText}${said}`,
					description:
						request.method === 'POST'
							? 'To change the contact that has this email or phone instead, use Contact → Create or Update: it finds the contact by its email (or phone) and updates it, and creates one only when none has it.'
							: 'Another contact has this email or phone: Contact → Get Many with the Email or Phone filter finds it.',
				};
			return {
				message: `The Customer Engagement API rejected the request${codeText}${said}`,
				description: `HTTP ${answer.statusCode} for ${request.method} ${request.url.split('?')[0]}`,
			};
	}
}

export const customerEngagementApi: ApiDefinition = {
	name: 'Customer Engagement API',
	credentialType: 'customerEngagementApi',
	urlSetting: 'Base URL',
	baseUrl: (credentials) => customerEngagementRoot(credentials.baseUrl),
	describeError: describeCustomerEngagementError,
	pathParameters: { rewardId: { label: 'Loyalty Reward' }, visitId: { label: 'Visit ID' } },
};
