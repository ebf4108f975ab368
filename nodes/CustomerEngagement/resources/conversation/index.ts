import { resourceDescription } from '../../../shared/resourceDescription';
import { conversationGet } from './get';

/** The conversation resource: its operations, in the order the editor lists them. */
export const conversationResource = resourceDescription('conversation', [conversationGet], 'get');
