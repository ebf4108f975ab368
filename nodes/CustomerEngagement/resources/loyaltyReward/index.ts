import type { INodeProperties } from 'n8n-workflow';
import { getManyParameters } from '../../../shared/descriptions';
import { contactLocator, rewardLocator } from '../../shared/descriptions';
import { redeemResult, updateReward } from '../../shared/reward';
import { paginatePages, sendContactIdInBody } from '../../shared/transport';
import { apiDates, validateNewReward, validateRewardChanges } from '../../shared/validation';
import { rewardFields } from './fields';

const rewardUrl = '/v1/loyalty-rewards/{rewardId}';
const rewardDates = apiDates({ startDate: 'Start Date', expiredDate: 'Expired Date' });
const show = (operation: string[]) => ({ show: { resource: ['loyaltyReward'], operation } });

export const loyaltyRewardDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['loyaltyReward'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a loyalty reward',
				routing: {
					request: { method: 'POST', url: '/v1/loyalty-rewards' },
					send: { preSend: [validateNewReward, rewardDates] },
				},
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a loyalty reward',
				routing: { request: { method: 'DELETE', url: rewardUrl } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a loyalty reward',
				routing: { request: { method: 'GET', url: rewardUrl } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many loyalty rewards',
				description: 'List rewards, fewest points first',
				routing: { request: { method: 'GET', url: '/v1/loyalty-rewards' }, operations: { pagination: paginatePages } },
			},
			{
				name: 'Redeem',
				value: 'redeem',
				action: 'Redeem a loyalty reward for a contact',
				routing: {
					request: { method: 'POST', url: `${rewardUrl}/redeem` },
					send: { preSend: [sendContactIdInBody] },
					output: { postReceive: [redeemResult] },
				},
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a loyalty reward',
				description: 'Change the given fields; the others keep their values (the title cannot change)',
				routing: {
					request: { method: 'PUT', url: rewardUrl },
					send: { preSend: [validateRewardChanges, rewardDates] },
					operations: { pagination: updateReward },
				},
			},
		],
		default: 'getAll',
	},
	{ ...rewardLocator, displayOptions: show(['get', 'update', 'delete', 'redeem']) },
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		required: true,
		default: '',
		description: 'Name of the reward; cannot be changed later',
		displayOptions: show(['create']),
		routing: { send: { type: 'body', property: 'title' } },
	},
	{
		displayName: 'Points',
		name: 'points',
		type: 'number',
		required: true,
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'What the reward costs in loyalty points',
		displayOptions: show(['create']),
		routing: { send: { type: 'body', property: 'points' } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show(['create']),
		options: rewardFields,
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only these fields change; the node sends the others back as they are (the API would clear them)',
		displayOptions: show(['update']),
		options: [
			{ displayName: 'Points', name: 'points', type: 'number', typeOptions: { minValue: 0 }, default: 0, routing: { send: { type: 'body', property: 'points' } } },
			...rewardFields,
		],
	},
	{
		...contactLocator,
		displayOptions: show(['redeem']),
	},
	{
		displayName: 'Additional Fields',
		name: 'redeemFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show(['redeem']),
		options: [
			{ displayName: 'Note', name: 'note', type: 'string', default: '', routing: { send: { type: 'body', property: 'note' } } },
			{ displayName: 'PIN', name: 'pin', type: 'string', typeOptions: { password: true }, default: '', description: 'Employee PIN, when the loyalty settings require one', routing: { send: { type: 'body', property: 'pin' } } },
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show(['get']),
		options: [
			{ displayName: 'Contact ID', name: 'contactId', type: 'string', default: '', description: 'Also report how many the contact can still redeem', routing: { send: { type: 'query', property: 'contactId' } } },
		],
	},
	...getManyParameters({ resource: ['loyaltyReward'], operation: ['getAll'] }),
];
