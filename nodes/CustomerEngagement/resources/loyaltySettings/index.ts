import { resourceDescription } from '../../../shared/resourceDescription';
import { loyaltySettingsGet } from './get';
import { loyaltySettingsUpdate } from './update';

/** The loyaltySettings resource: its operations, in the order the editor lists them. */
export const loyaltySettingsResource = resourceDescription('loyaltySettings', [loyaltySettingsGet, loyaltySettingsUpdate], 'get');
