import { resourceDescription } from '../../../shared/resourceDescription';
import { noteCreate } from './create';

/** The note resource: its operations, in the order the editor lists them. */
export const noteResource = resourceDescription('note', [noteCreate], 'create');
