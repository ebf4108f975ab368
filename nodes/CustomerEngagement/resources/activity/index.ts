import { resourceDescription } from '../../../shared/resourceDescription';
import { activityGetMany } from './getAll';

/** The activity resource: its operations, in the order the editor lists them. */
export const activityResource = resourceDescription('activity', [activityGetMany], 'getAll');
