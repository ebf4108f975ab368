import { NodeConnectionTypes, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { toolNotice } from '../shared/commonParameters';
import { transport } from '../shared/transport';
import { getCustomFields, getLabels } from './loadOptions';
import { searchContacts } from './listSearch/searchContacts';
import { searchCustomFields } from './listSearch/searchCustomFields';
import { searchLabels } from './listSearch/searchLabels';
import { searchRewards } from './listSearch/searchRewards';
import { activityOperations } from './resources/activity';
import { contactAdjustLoyaltyPointsDescription } from './resources/contact/adjustLoyaltyPoints';
import { contactEmail } from './resources/contact/emailOrPhone';
import { contactOperations } from './resources/contact';
import { contactSimplify } from './resources/contact/simplify';
import { conversationOperations } from './resources/conversation';
import { customFieldOperations } from './resources/customField';
import { customFieldCreateDescription } from './resources/customField/create';
import { customFieldParameter } from './resources/customField/customFieldLocator';
import { customFieldUpdateOptionsDescription } from './resources/customField/updateOptions';
import { labelOperations } from './resources/label';
import { labelGetDescription } from './resources/label/get';
import { loyaltyRewardOperations } from './resources/loyaltyReward';
import { loyaltyRewardCreateDescription } from './resources/loyaltyReward/create';
import { loyaltyRewardRedeemDescription } from './resources/loyaltyReward/redeem';
import { rewardParameter } from './resources/loyaltyReward/rewardLocator';
import { loyaltySettingsOperations } from './resources/loyaltySettings';
import { noteOperations } from './resources/note';
import { noteCreateDescription } from './resources/note/create';
import { redeemOperations } from './resources/redeem';
import { textOperations } from './resources/text';
import { textSendDescription } from './resources/text/send';
import { visitOperations } from './resources/visit';
import { visitCreateManyDescription } from './resources/visit/createMany';
import { visitGetDescription } from './resources/visit/get';
import { additionalFieldsParameter, contactOptionsParameter, filtersParameter, getOptionsParameter, updateFieldsParameter } from './shared/collections';
import { requestDefaults, sendSingleRequest } from './shared/operationRouting';
import { contactParameter, customerParameter, getManyParameter, nameParameter, phoneParameter } from './shared/sharedParameters';

/**
 * What n8n receives, as written: the resources' Operation selectors, then every parameter in
 * the order the editor shows them (an operation shows the ones whose display rules name it).
 * A parameter several operations share is declared once (docs/architecture.md, section 1).
 */
export const customerEngagementProperties: INodeProperties[] = [
	transport,
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
	contactOperations,
	activityOperations,
	noteOperations,
	customFieldOperations,
	textOperations,
	conversationOperations,
	visitOperations,
	labelOperations,
	loyaltyRewardOperations,
	redeemOperations,
	loyaltySettingsOperations,
	contactEmail,
	customerParameter,
	...phoneParameter,
	...textSendDescription,
	customFieldParameter,
	...customFieldUpdateOptionsDescription,
	nameParameter,
	...customFieldCreateDescription,
	...labelGetDescription,
	rewardParameter,
	...contactParameter,
	...contactAdjustLoyaltyPointsDescription,
	...noteCreateDescription,
	...loyaltyRewardCreateDescription,
	...visitCreateManyDescription,
	...visitGetDescription,
	...getManyParameter,
	additionalFieldsParameter,
	...loyaltyRewardRedeemDescription,
	updateFieldsParameter,
	contactSimplify,
	filtersParameter,
	contactOptionsParameter,
	getOptionsParameter,
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
		properties: customerEngagementProperties,
	};

	methods = {
		listSearch: { searchContacts, searchCustomFields, searchLabels, searchRewards },
		loadOptions: { getCustomFields, getLabels },
	};
}
