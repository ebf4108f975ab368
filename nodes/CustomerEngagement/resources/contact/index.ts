import { resourceDescription } from '../../../shared/resourceDescription';
import { contactAdjustLoyaltyPoints } from './adjustLoyaltyPoints';
import { contactCreate } from './create';
import { contactDelete } from './delete';
import { contactGet } from './get';
import { contactGetMany } from './getAll';
import { contactUpdate } from './update';
import { contactUpsert } from './upsert';

/** The contact resource: its operations, in the order the editor lists them. */
export const contactResource = resourceDescription(
	'contact',
	[contactAdjustLoyaltyPoints, contactCreate, contactUpsert, contactDelete, contactGet, contactGetMany, contactUpdate],
	'get',
);
