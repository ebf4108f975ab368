import { resourceDescription } from '../../../shared/resourceDescription';
import { labelCreate } from './create';
import { labelGet } from './get';
import { labelGetMany } from './getAll';

/** The label resource: its operations, in the order the editor lists them. */
export const labelResource = resourceDescription('label', [labelCreate, labelGet, labelGetMany], 'getAll');
