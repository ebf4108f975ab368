// Every request goes through apiRequest (the credential's gate of 5, 429 waits, read retries,
// worded errors): n8n's routing hands each one it builds to sendThroughGate, switched on by
// send.paginate on Resource. test/package/requestPath.test.ts fails on routing that skips it.
import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { CUSTOMER_ENGAGEMENT_BASE_URL } from '../../credentials/CustomerEngagementApi.credentials';
import { getCustomFields, getLabels } from './loadOptions';
import { searchContacts } from './listSearch/searchContacts';
import { searchCustomFields } from './listSearch/searchCustomFields';
import { searchLabels } from './listSearch/searchLabels';
import { searchRewards } from './listSearch/searchRewards';
import { activityDescription, activityOperation } from './resources/activity';
import { contactDescription, contactOperation } from './resources/contact';
import { conversationDescription, conversationOperation } from './resources/conversation';
import {
	customFieldDescription,
	customFieldLocator,
	customFieldOperation,
} from './resources/customField';
import { labelDescription, labelOperation } from './resources/label';
import {
	loyaltyRewardDescription,
	loyaltyRewardLocator,
	loyaltyRewardOperation,
} from './resources/loyaltyReward';
import { loyaltySettingsDescription, loyaltySettingsOperation } from './resources/loyaltySettings';
import { noteDescription, noteOperation } from './resources/note';
import { redeemDescription, redeemOperation } from './resources/redeem';
import { textDescription, textOperation } from './resources/text';
import { visitDescription, visitOperation } from './resources/visit';
import { sendThroughGate } from '../shared/routedRequest';
import { customerEngagementApi } from './shared/customerEngagementApi';
import { sharedParameters } from './shared/descriptions';

export class CustomerEngagement implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Customer Engagement',
		name: 'customerEngagement',
		icon: {
			light: 'file:../../icons/customerEngagement.svg',
			dark: 'file:../../icons/customerEngagement.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Manage contacts, visits, loyalty rewards, labels, notes and texts in the Customer Engagement API',
		defaults: { name: 'Customer Engagement' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'customerEngagementApi', required: true }],
		requestDefaults: {
			baseURL: CUSTOMER_ENGAGEMENT_BASE_URL,
			headers: { Accept: 'application/json', 'Content-Type': 'application/json;charset=UTF-8' },
		},
		requestOperations: { pagination: sendThroughGate(customerEngagementApi) },
		properties: [
			{
				displayName:
					"A model fills a field you let it define knowing only the field's name. Give each such field a description that says the value's form, as its tooltip does: for example \"the contact's ID, e.g. 5f1d3c0e9a7b, not a name or an email\".",
				name: 'toolNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { '@tool': [true] } },
			},
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Activity', value: 'activity' },
					{ name: 'Contact', value: 'contact' },
					{ name: 'Conversation', value: 'conversation' },
					{ name: 'Custom Field', value: 'customField' },
					{ name: 'Label', value: 'label' },
					{ name: 'Loyalty Reward', value: 'loyaltyReward' },
					{ name: 'Loyalty Setting', value: 'loyaltySettings' },
					{ name: 'Note', value: 'note' },
					{ name: 'Redeem', value: 'redeem' },
					{ name: 'Text', value: 'text' },
					{ name: 'Visit', value: 'visit' },
				],
				default: 'contact',
				// Shown for every operation: its paginate hands each operation's request to the hook above.
				routing: { send: { paginate: true } },
			},
			// The editor shows what an operation shows in this order: its Operation, the record it
			// acts on, what several resources share (declared once), then the operation's own.
			contactOperation,
			activityOperation,
			noteOperation,
			customFieldOperation,
			textOperation,
			conversationOperation,
			visitOperation,
			labelOperation,
			loyaltyRewardOperation,
			redeemOperation,
			loyaltySettingsOperation,
			customFieldLocator,
			loyaltyRewardLocator,
			...sharedParameters,
			...contactDescription,
			...activityDescription,
			...noteDescription,
			...customFieldDescription,
			...textDescription,
			...conversationDescription,
			...visitDescription,
			...labelDescription,
			...loyaltyRewardDescription,
			...redeemDescription,
			...loyaltySettingsDescription,
		],
	};

	methods = {
		listSearch: { searchContacts, searchCustomFields, searchLabels, searchRewards },
		loadOptions: { getCustomFields, getLabels },
	};
}
