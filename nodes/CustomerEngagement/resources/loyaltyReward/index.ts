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
				action: 'Create a loyalty reward worth points',
				description:
					'Creates a reward with a title and its cost in points, plus an optional type, value, dates and limits. Returns the reward with its ID.',
				routing: {
					request: { method: 'POST', url: '/v1/loyalty-rewards' },
					send: { preSend: [validateNewReward, rewardDates] },
				},
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a loyalty reward by ID',
				description: 'Deletes the loyalty reward with this ID permanently. Returns the deleted reward as it was.',
				routing: { request: { method: 'DELETE', url: rewardUrl } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a loyalty reward by ID',
				description:
					'Reads the loyalty reward with this ID and, when a Contact ID is given, how many that contact can still redeem. Returns the reward.',
				routing: { request: { method: 'GET', url: rewardUrl } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'List loyalty rewards cheapest first',
				description: 'Lists the loyalty rewards of the account, fewest points first. Returns one item per reward with its ID, title, points and limits.',
				routing: { request: { method: 'GET', url: '/v1/loyalty-rewards' }, operations: { pagination: paginatePages } },
			},
			{
				name: 'Redeem',
				value: 'redeem',
				action: 'Redeem a loyalty reward for a contact',
				description:
					'Redeems the loyalty reward with this ID for the contact with this ID, who spends the points it costs. Returns success with the reward and contact IDs.',
				routing: {
					request: { method: 'POST', url: `${rewardUrl}/redeem` },
					send: { preSend: [sendContactIdInBody] },
					output: { postReceive: [redeemResult] },
				},
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update fields of a loyalty reward by ID',
				description:
					'Changes the given fields of the loyalty reward with this ID; the others keep their values, and the title cannot change. Returns the reward as it is after the change.',
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
		description: 'Name of the reward, e.g. Free coffee; cannot be changed later',
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
		description: 'What the reward costs in loyalty points, a whole number, e.g. 100',
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
			{ displayName: 'Points', name: 'points', type: 'number', typeOptions: { minValue: 0 }, default: 0, description: 'What the reward costs in loyalty points, a whole number, e.g. 100', routing: { send: { type: 'body', property: 'points' } } },
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
			{ displayName: 'Note', name: 'note', type: 'string', default: '', description: 'Free text attached to the redemption, e.g. Birthday gift', routing: { send: { type: 'body', property: 'note' } } },
			{ displayName: 'PIN', name: 'pin', type: 'string', typeOptions: { password: true }, default: '', description: 'Employee PIN, e.g. 1234, when the loyalty settings require one', routing: { send: { type: 'body', property: 'pin' } } },
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
			{ displayName: 'Contact ID', name: 'contactId', type: 'string', default: '', description: 'Also report how many the contact with this ID, e.g. 5f1d3c0e9a7b, can still redeem', routing: { send: { type: 'query', property: 'contactId' } } },
		],
	},
	...getManyParameters({ resource: ['loyaltyReward'], operation: ['getAll'] }),
];
