import type { INodeProperties } from 'n8n-workflow';
import { CHECK_PATH, operationCheckLocator } from '../../shared/descriptions';
import { checksToItems, markCreatedOrUpdated } from '../../shared/output';
import { validateCheckBody } from '../../shared/checkFields';
import { checkCreateDescription } from './create';
import { checkGetDescription } from './get';
import { checkGetManyDescription } from './getAll';
import { checkUpdateDescription } from './update';


export const checkDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['check'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a check',
				description: 'Create a check, or update the one matching the Unique fields (upsert)',
				routing: {
					request: { method: 'POST', url: '/api/v3/checks/' },
					send: { preSend: [validateCheckBody] },
					output: { postReceive: [markCreatedOrUpdated] },
				},
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a check',
				description: 'Delete a check permanently; returns the deleted check',
				routing: { request: { method: 'DELETE', url: CHECK_PATH } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a check',
				description: 'Get a check by UUID or, with a read-only key, by unique key',
				routing: {
					request: { method: 'GET', url: CHECK_PATH },
					output: { postReceive: [checksToItems] },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many checks',
				description: 'List the checks of the project, optionally by slug or tags',
				routing: {
					// Repeated tags are ANDed by the server: ?tag=a&tag=b.
					request: { method: 'GET', url: '/api/v3/checks/', arrayFormat: 'repeat' },
					output: { postReceive: [checksToItems] },
				},
			},
			{
				name: 'Pause',
				value: 'pause',
				action: 'Pause a check',
				description: 'Disable monitoring of a check until it is resumed or pinged',
				routing: { request: { method: 'POST', url: `${CHECK_PATH}/pause`, body: {} } },
			},
			{
				name: 'Resume',
				value: 'resume',
				action: 'Resume a check',
				description: 'Resume a paused check (its status becomes "new")',
				routing: { request: { method: 'POST', url: `${CHECK_PATH}/resume`, body: {} } },
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a check',
				description: 'Change the given fields of a check; the others stay as they are',
				routing: {
					request: { method: 'POST', url: CHECK_PATH },
					send: { preSend: [validateCheckBody] },
				},
			},
		],
		default: 'getAll',
	},
	{
		...operationCheckLocator(),
		displayOptions: { show: { resource: ['check'], operation: ['get', 'update', 'pause', 'resume', 'delete'] } },
	},
	...checkCreateDescription,
	...checkGetDescription,
	...checkGetManyDescription,
	...checkUpdateDescription,
];
