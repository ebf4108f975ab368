import { resourceDescription } from '../../../shared/resourceDescription';
import { visitCreate } from './create';
import { visitCreateMany } from './createMany';
import { visitGet } from './get';
import { visitGetMany } from './getAll';

/** The visit resource: its operations, in the order the editor lists them. */
export const visitResource = resourceDescription('visit', [visitCreate, visitCreateMany, visitGet, visitGetMany], 'create');
