import type { INodeProperties } from 'n8n-workflow';
import { operationCheckLocator } from '../../shared/checkParameters';

/**
 * The Check of Get Body and Get Many, one definition for both: the node merges a definition
 * into the first merged one that a single display rule can show it with, and Get Body's,
 * declared on its own, would join the Check of Check's operations and Ping → Send rather
 * than Get Many's and Flip's (another `checkIdShown` rule, another description).
 */
export const pingReadCheckLocator: INodeProperties = {
	...operationCheckLocator(),
	displayOptions: { show: { resource: ['ping'], operation: ['getAll', 'getBody'] } },
};
