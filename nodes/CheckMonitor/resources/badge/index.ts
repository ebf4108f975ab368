import { resourceDescription } from '../../../shared/resourceDescription';
import { badgeGetMany } from './getAll';

/** The badge resource: its operations, in the order the editor lists them. */
export const badgeResource = resourceDescription('badge', [badgeGetMany], 'getAll');
