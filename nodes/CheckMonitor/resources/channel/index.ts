import { resourceDescription } from '../../../shared/resourceDescription';
import { channelGetMany } from './getAll';

/** The channel resource: its operations, in the order the editor lists them. */
export const channelResource = resourceDescription('channel', [channelGetMany], 'getAll');
