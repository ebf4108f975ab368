import type { INodeProperties } from 'n8n-workflow';
import { getManyParameters } from '../../../shared/descriptions';
import { badgesToItems } from '../../shared/output';

export const badgeDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['badge'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'List the status badge links of each tag',
				description:
					'Lists the status badges of each tag, plus the project-wide badge (tag *). Returns one item per tag with its badge URLs in SVG, JSON and Shields formats.',
				routing: {
					request: { method: 'GET', url: '/api/v3/badges/' },
					output: { postReceive: [badgesToItems] },
				},
			},
		],
		default: 'getAll',
	},
	// The API returns every badge in one response; Limit trims it (badge tags).
	...getManyParameters({ resource: ['badge'], operation: ['getAll'] }),
];
