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
				action: 'Create a check or upsert by unique fields',
				description:
					'Creates a check (a monitor that expects pings from a job) from the given fields, or updates the check whose Unique fields match. Returns the check with its UUID, ping URL and an outcome of created or updated.',
				routing: {
					request: { method: 'POST', url: '/api/v3/checks/' },
					send: { preSend: [validateCheckBody] },
					output: { postReceive: [markCreatedOrUpdated] },
				},
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a check by UUID or slug',
				description: 'Deletes the check with this UUID or slug permanently. Returns the deleted check as it was.',
				routing: { request: { method: 'DELETE', url: CHECK_PATH } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a check by UUID or slug',
				description:
					'Reads the check with this UUID or slug, or with its unique key (what read-only API keys see). Returns its name, slug, tags, status (up, down, grace, paused or new), last and next ping and schedule.',
				routing: {
					request: { method: 'GET', url: CHECK_PATH },
					output: { postReceive: [checksToItems] },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'List checks filtered by slug or tags',
				description:
					'Lists the checks of the project: only those with this slug, or carrying every given tag, when Filters are set (an empty filter matches every check). Returns one item per check with its UUID, name, slug, tags and status.',
				routing: {
					// Repeated tags are ANDed by the server: ?tag=a&tag=b.
					request: { method: 'GET', url: '/api/v3/checks/', arrayFormat: 'repeat' },
					output: { postReceive: [checksToItems] },
				},
			},
			{
				name: 'Pause',
				value: 'pause',
				action: 'Pause monitoring of a check by UUID or slug',
				description:
					'Pauses the check with this UUID or slug: it sends no alerts until it is resumed or, unless Manual Resume is on, pinged again. Returns the check as it is now.',
				routing: { request: { method: 'POST', url: `${CHECK_PATH}/pause`, body: {} } },
			},
			{
				name: 'Resume',
				value: 'resume',
				action: 'Resume a paused check by UUID or slug',
				description:
					'Resumes the paused check with this UUID or slug (its status becomes new until the next ping); fails when it is not paused. Returns the check as it is now.',
				routing: { request: { method: 'POST', url: `${CHECK_PATH}/resume`, body: {} } },
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update fields of a check by UUID or slug',
				description:
					'Changes the given fields of the check with this UUID or slug; the other fields stay as they are. Returns the check as it is after the change.',
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
