/**
 * The parameters that operations of several resources share, each declared once with the
 * operations that show it: n8n evaluates the value saved under a name once per definition of
 * that name, for every item, whichever operation runs (docs/architecture.md, "One definition
 * per name"). Where n8n's display rules cannot list the operations in one rule, a hidden
 * `<name>Shown` flag says where the parameter is shown.
 */
import type { INodeProperties } from 'n8n-workflow';
import { getManyParameters, shownFlag } from '../../shared/commonParameters';
import { operationCheckLocator } from './checkParameters';

/** Every resource of the node: a flag is false for a resource the node does not declare (n8n's Custom API Call). */
const RESOURCES = ['badge', 'channel', 'check', 'flip', 'ping', 'status'];

/**
 * Check, for the operations that act on one check. Its flag has a definition for every
 * operation, true or false: where it had none, the editor would keep the flag's last value
 * when the user switches operations, and show Check there.
 */
const checkShown = (shown: boolean, show: Record<string, string[]>) => shownFlag('checkIdShown', 'Check Shown', shown, { show });
export const checkParameter: INodeProperties[] = [
	checkShown(true, { resource: ['check', 'ping'], operation: ['get', 'update', 'pause', 'resume', 'delete', 'send'] }),
	checkShown(true, { resource: ['ping', 'flip'], operation: ['getAll', 'getBody'] }),
	checkShown(false, { resource: ['check'], operation: ['create', 'getAll'] }),
	checkShown(false, { resource: ['badge', 'channel', 'status'] }),
	shownFlag('checkIdShown', 'Check Shown', false, { hide: { resource: RESOURCES } }),
	{ ...operationCheckLocator(), displayOptions: { show: { checkIdShown: [true] } } },
];

export const getManyParameter = getManyParameters({ resource: ['check', 'ping', 'flip', 'channel', 'badge'], operation: ['getAll'] });
