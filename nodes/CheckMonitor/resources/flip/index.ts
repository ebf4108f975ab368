import { resourceDescription } from '../../../shared/resourceDescription';
import { flipGetMany } from './getAll';

/** The flip resource: its operations, in the order the editor lists them. */
export const flipResource = resourceDescription('flip', [flipGetMany], 'getAll');
