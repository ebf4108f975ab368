import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { customerEngagementBaseUrl } from '../shared/baseUrl';
import { transportRouting } from '../shared/transport';
import { searchContacts } from './listSearch/searchContacts';
import { searchLabels } from './listSearch/searchLabels';
import { contactDescription } from './resources/contact';
import { labelDescription } from './resources/label';
import { requestDefaults, sendSingleRequest } from './shared/transport';

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
		requestDefaults: { baseURL: customerEngagementBaseUrl, ...requestDefaults },
		requestOperations: { pagination: sendSingleRequest },
		properties: [
			transportRouting,
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Contact', value: 'contact' },
					{ name: 'Label', value: 'label' },
				],
				default: 'contact',
			},
			...contactDescription,
			...labelDescription,
		],
	};

	methods = {
		listSearch: { searchContacts, searchLabels },
	};
}
