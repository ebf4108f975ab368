import { resourceDescription } from '../../../shared/resourceDescription';
import { redeemGetMany } from './getAll';

/** The redeem resource: its operations, in the order the editor lists them. */
export const redeemResource = resourceDescription('redeem', [redeemGetMany], 'getAll');
