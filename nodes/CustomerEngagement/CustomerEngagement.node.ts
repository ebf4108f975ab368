import { NodeConnectionTypes, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { toolNotice } from '../shared/commonParameters';
import { mergeSameNamedProperties } from '../shared/mergeProperties';
import { sendPlainFieldsOnce } from '../shared/sendFields';
import { requestInterceptor } from '../shared/requestInterceptor';
import { getCustomFields, getLabels } from './loadOptions';
import { searchContacts } from './listSearch/searchContacts';
import { searchCustomFields } from './listSearch/searchCustomFields';
import { searchLabels } from './listSearch/searchLabels';
import { searchRewards } from './listSearch/searchRewards';
import { activityDescription } from './resources/activity';
import { contactDescription } from './resources/contact';
import { conversationDescription } from './resources/conversation';
import { customFieldDescription } from './resources/customField';
import { labelDescription } from './resources/label';
import { loyaltyRewardDescription } from './resources/loyaltyReward';
import { loyaltySettingsDescription } from './resources/loyaltySettings';
import { noteDescription } from './resources/note';
import { redeemDescription } from './resources/redeem';
import { textDescription } from './resources/text';
import { visitDescription } from './resources/visit';
import { requestDefaults, sendSingleRequest } from './shared/customerEngagementApi';

/** As the resources declare them; the node merges same-named definitions (see mergeSameNamedProperties). */
export const customerEngagementProperties: INodeProperties[] = [
	requestInterceptor,
	toolNotice('"the contact\'s ID, e.g. 5f1d3c0e9a7b, not a name or an email"'),
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
	},
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
];

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
		requestDefaults,
		requestOperations: { pagination: sendSingleRequest },
		properties: sendPlainFieldsOnce(mergeSameNamedProperties(customerEngagementProperties)),
	};

	methods = {
		listSearch: { searchContacts, searchCustomFields, searchLabels, searchRewards },
		loadOptions: { getCustomFields, getLabels },
	};
}
