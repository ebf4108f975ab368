import type { IN8nHttpFullResponse } from 'n8n-workflow';
import { sentRequestOf } from '../../shared/transport';

/** The check the request was for, as sent (not read from the parameters again). */
export const sentCheckId = (response: IN8nHttpFullResponse) => sentRequestOf(response).parameters.checkId;
