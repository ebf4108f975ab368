import { resourceDescription } from '../../../shared/resourceDescription';
import { pingGetMany } from './getAll';
import { pingGetBody } from './getBody';
import { pingSend } from './send';

/** The ping resource: its operations, in the order the editor lists them. */
export const pingResource = resourceDescription('ping', [pingGetBody, pingGetMany, pingSend], 'getAll');
