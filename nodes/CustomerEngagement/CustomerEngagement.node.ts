import { NodeConnectionTypes, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { toolNotice } from '../shared/commonParameters';
import { operationParameters, sharedCollection } from '../shared/resourceDescription';
import { shownOnlyThere } from '../shared/shownFlags';
import { transport } from '../shared/transport';
import { getCustomFields, getLabels } from './loadOptions';
import { searchContacts } from './listSearch/searchContacts';
import { searchCustomFields } from './listSearch/searchCustomFields';
import { searchLabels } from './listSearch/searchLabels';
import { searchRewards } from './listSearch/searchRewards';
import { activityResource } from './resources/activity';
import { contactResource } from './resources/contact';
import { contactEmail } from './resources/contact/emailOrPhone';
import { contactSimplify } from './resources/contact/simplify';
import { conversationResource } from './resources/conversation';
import { customFieldResource } from './resources/customField';
import { customFieldParameter } from './resources/customField/customFieldLocator';
import { labelResource } from './resources/label';
import { loyaltyRewardResource } from './resources/loyaltyReward';
import { rewardParameter } from './resources/loyaltyReward/rewardLocator';
import { loyaltySettingsResource } from './resources/loyaltySettings';
import { noteResource } from './resources/note';
import { redeemResource } from './resources/redeem';
import { textResource } from './resources/text';
import { visitResource } from './resources/visit';
import { requestDefaults, sendSingleRequest } from './shared/operationRouting';
import { contactParameter, customerParameter, getManyParameter, nameParameter, phoneParameter } from './shared/sharedParameters';

/** The resources, each with its operations (resources/<resource>/index.ts). */
const resources = [
	contactResource,
	activityResource,
	noteResource,
	customFieldResource,
	textResource,
	conversationResource,
	visitResource,
	labelResource,
	loyaltyRewardResource,
	redeemResource,
	loyaltySettingsResource,
];

/**
 * What n8n receives: the resources' Operation selectors, the parameters several operations
 * share, each operation's own parameters, then the shared collections built from every
 * operation's entries; an operation shows the ones whose display rules name it, in this
 * order (docs/architecture.md, section 1).
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
	...resources.map((resource) => resource.selector),
	// The parameters several operations share. Email, Custom Field and Loyalty Reward are one
	// resource's, and come here rather than in their operations' `parameters` because each
	// operation shows them before Phone, Name or Contact.
	contactEmail,
	customerParameter,
	...shownOnlyThere(phoneParameter, resources),
	customFieldParameter,
	nameParameter,
	rewardParameter,
	...shownOnlyThere(contactParameter, resources),
	...operationParameters(resources),
	...getManyParameter,
	...sharedCollection('additionalFields', resources),
	...sharedCollection('updateFields', resources),
	contactSimplify,
	...sharedCollection('filters', resources),
	...sharedCollection('options', resources),
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
