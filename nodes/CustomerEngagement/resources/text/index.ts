import { resourceDescription } from '../../../shared/resourceDescription';
import { textSend } from './send';

/** The text resource: its operations, in the order the editor lists them. */
export const textResource = resourceDescription('text', [textSend], 'send');
