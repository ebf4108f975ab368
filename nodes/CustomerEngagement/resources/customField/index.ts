import { resourceDescription } from '../../../shared/resourceDescription';
import { customFieldCreate } from './create';
import { customFieldGetMany } from './getAll';
import { customFieldRename } from './rename';
import { customFieldUpdateOptions } from './updateOptions';

/** The customField resource: its operations, in the order the editor lists them. */
export const customFieldResource = resourceDescription(
	'customField',
	[customFieldCreate, customFieldGetMany, customFieldRename, customFieldUpdateOptions],
	'getAll',
);
