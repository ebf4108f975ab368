import { resourceDescription } from '../../../shared/resourceDescription';
import { statusGet } from './get';

/** The status resource: its operations, in the order the editor lists them. */
export const statusResource = resourceDescription('status', [statusGet], 'get');
