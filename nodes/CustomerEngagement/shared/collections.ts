/**
 * The collections several operations share: one definition per name, as for every shared
 * parameter (sharedParameters.ts). Each operation declares its fields in its own file; here
 * they are shown for that operation only (fieldsFor), in the order the editor lists them.
 */
import type { INodeProperties } from 'n8n-workflow';
import { additionalFields, fieldsFor, filtersCollection, optionsCollection } from '../../shared/commonParameters';
import { activityGetManyFilters } from '../resources/activity/getAll';
import { contactAdjustLoyaltyPointsFields, contactAdjustLoyaltyPointsOptions } from '../resources/contact/adjustLoyaltyPoints';
import { contactFields } from '../resources/contact/fields';
import { contactGetManyFilters, contactGetManyOptions } from '../resources/contact/getAll';
import { conversationGetOptions } from '../resources/conversation/get';
import { customFieldCreateFields } from '../resources/customField/create';
import { labelCreateFields } from '../resources/label/create';
import { rewardFields } from '../resources/loyaltyReward/fields';
import { loyaltyRewardGetOptions } from '../resources/loyaltyReward/get';
import { loyaltySettingsUpdateFields } from '../resources/loyaltySettings/update';
import { redeemGetManyFilters } from '../resources/redeem/getAll';
import { textSendFields } from '../resources/text/send';
import { visitCreateFields } from '../resources/visit/create';
import { visitGetManyFilters } from '../resources/visit/getAll';

export const additionalFieldsParameter: INodeProperties = additionalFields(
	{
		resource: ['contact', 'customField', 'text', 'visit', 'label', 'loyaltyReward'],
		operation: ['create', 'upsert', 'adjustLoyaltyPoints', 'send'],
	},
	[
		...fieldsFor('contact', ['create', 'upsert'], contactFields),
		...fieldsFor('contact', ['adjustLoyaltyPoints'], contactAdjustLoyaltyPointsFields),
		...fieldsFor('customField', ['create'], customFieldCreateFields),
		...fieldsFor('text', ['send'], textSendFields),
		...fieldsFor('visit', ['create'], visitCreateFields),
		...fieldsFor('label', ['create'], labelCreateFields),
		...fieldsFor('loyaltyReward', ['create'], rewardFields),
	],
);

export const updateFieldsParameter: INodeProperties = {
	displayName: 'Update Fields',
	name: 'updateFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	displayOptions: { show: { resource: ['contact', 'loyaltyReward', 'loyaltySettings'], operation: ['update'] } },
	options: [
		...fieldsFor('contact', ['update'], contactFields),
		...fieldsFor('loyaltyReward', ['update'], rewardFields),
		...fieldsFor('loyaltySettings', ['update'], loyaltySettingsUpdateFields),
	],
};

export const filtersParameter: INodeProperties = filtersCollection({ resource: ['contact', 'activity', 'visit', 'redeem'], operation: ['getAll'] }, [
	...fieldsFor('contact', ['getAll'], contactGetManyFilters),
	...fieldsFor('activity', ['getAll'], activityGetManyFilters),
	...fieldsFor('visit', ['getAll'], visitGetManyFilters),
	...fieldsFor('redeem', ['getAll'], redeemGetManyFilters),
]);

/** Options of the contact operations. */
export const contactOptionsParameter: INodeProperties = optionsCollection({ resource: ['contact'], operation: ['getAll', 'adjustLoyaltyPoints'] }, [
	...fieldsFor('contact', ['adjustLoyaltyPoints'], contactAdjustLoyaltyPointsOptions),
	...fieldsFor('contact', ['getAll'], contactGetManyOptions),
]);

/** Options of Conversation → Get and Loyalty Reward → Get: a second definition of Options, as no one rule shows it with the contact operations'. */
export const getOptionsParameter: INodeProperties = optionsCollection({ resource: ['conversation', 'loyaltyReward'], operation: ['get'] }, [
	...fieldsFor('loyaltyReward', ['get'], loyaltyRewardGetOptions),
	...fieldsFor('conversation', ['get'], conversationGetOptions),
]);
