/**
 * The parameters that operations of several resources share, each declared once with the
 * operations that show it: n8n evaluates the value saved under a name once per definition of
 * that name, for every item, whichever operation runs (docs/architecture.md, "One definition
 * per name"). Where n8n's display rules cannot list the operations in one rule, a hidden
 * `<name>Shown` flag says where the parameter is shown (nodes/shared/shownFlags.ts).
 */
import type { INodeProperties } from 'n8n-workflow';
import { getManyParameters } from '../../shared/commonParameters';
import { shownFlag } from '../../shared/shownFlags';
import { operationCheckLocator } from './checkParameters';

/**
 * Check, for the operations that act on one check: shown where `checkIdShown` is true
 * (nodes/shared/shownFlags.ts; the node file adds the flag's `false` everywhere else).
 */
const checkShown = (show: Record<string, string[]>) => shownFlag('checkIdShown', 'Check Shown', show);
export const checkParameter: INodeProperties[] = [
	checkShown({ resource: ['check', 'ping'], operation: ['get', 'update', 'pause', 'resume', 'delete', 'send'] }),
	checkShown({ resource: ['ping', 'flip'], operation: ['getAll', 'getBody'] }),
	{ ...operationCheckLocator(), displayOptions: { show: { checkIdShown: [true] } } },
];

export const getManyParameter = getManyParameters({ resource: ['check', 'ping', 'flip', 'channel', 'badge'], operation: ['getAll'] });
