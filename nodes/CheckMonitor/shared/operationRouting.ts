/** What every operation's routing starts from: the request defaults and the default pagination hook (one request, through the transport). */
import { singleRequest } from '../../shared/pagination';
import { checkMonitorApi } from './checkMonitorApi';

export const sendSingleRequest = singleRequest(checkMonitorApi);

export const requestDefaults = {
	headers: { Accept: 'application/json' },
	json: true,
	ignoreHttpStatusErrors: true,
};

