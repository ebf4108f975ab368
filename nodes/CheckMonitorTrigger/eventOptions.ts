/** The trigger's Event choices: what the user gets, one item per event. Also its subtitle's names. */
import type { INodePropertyOptions } from 'n8n-workflow';

export const eventOptions: INodePropertyOptions[] = [
	{
		name: 'New Flip',
		value: 'newFlip',
		description:
			"A check went down, came back up, or was paused: one item per change, whose to says what the check changed to (up, down, paused, new; up is the server's own 1 or 0)",
	},
	{
		name: 'New Ping',
		value: 'newPing',
		description:
			'A check received a ping from its job (success, start, fail, log, or ignored): one item per ping',
	},
	{
		name: 'Late Check',
		value: 'lateCheck',
		description:
			'A check missed its expected ping and is in its grace time, before it goes down: one item when it becomes late (the server itself sends no notice of this)',
	},
];
