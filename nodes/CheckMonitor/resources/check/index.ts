import { resourceDescription } from '../../../shared/resourceDescription';
import { checkCreate } from './create';
import { checkDelete } from './delete';
import { checkGet } from './get';
import { checkGetMany } from './getAll';
import { checkPause } from './pause';
import { checkResume } from './resume';
import { checkUpdate } from './update';

/** The check resource: its operations, in the order the editor lists them. */
export const checkResource = resourceDescription(
	'check',
	[checkCreate, checkDelete, checkGet, checkGetMany, checkPause, checkResume, checkUpdate],
	'getAll',
);
