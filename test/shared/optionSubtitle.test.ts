/**
 * The triggers' subtitles (nodes/shared/optionSubtitle.ts), evaluated as the editor evaluates
 * a subtitle (n8n-workflow's expression, the node's parameters as `$parameter`): the Event's
 * name as the user picked it, for every option.
 */
import { Workflow, type INode, type INodePropertyOptions, type INodeType } from 'n8n-workflow';
import { nodeTypes } from '../../harness/engine';
import { optionSubtitle } from '../../nodes/shared/optionSubtitle';
import { CheckMonitorTrigger } from '../../nodes/CheckMonitorTrigger/CheckMonitorTrigger.node';
import { CustomerEngagementTrigger } from '../../nodes/CustomerEngagementTrigger/CustomerEngagementTrigger.node';

/** The subtitle as the editor shows it: the expression evaluated for a node of the workflow, with its parameters. */
function subtitle(expression: string, parameters: Record<string, unknown>): unknown {
	const node = {
		name: 'Trigger',
		type: 'n8n-nodes-engagement-monitor.checkMonitorTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	} as unknown as INode;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, expression, 'internal', {});
}

describe.each([
	['Check Monitor Trigger', new CheckMonitorTrigger() as INodeType],
	['Customer Engagement Trigger', new CustomerEngagementTrigger() as INodeType],
])('%s', (_name, trigger) => {
	const options = trigger.description.properties.find((p) => p.name === 'event')
		?.options as INodePropertyOptions[];

	test('has an Event with options', () => {
		expect(options.length).toBeGreaterThan(2);
	});

	test('the subtitle is the name of the chosen Event, for each', () => {
		expect(
			options.map((option) => subtitle(trigger.description.subtitle!, { event: option.value })),
		).toEqual(options.map((option) => option.name));
	});
});

test('a value no option has shows as it is', () => {
	const options = [{ name: 'New Flip', value: 'newFlip' }];
	expect(subtitle(optionSubtitle('event', options), { event: 'newThing' })).toBe('newThing');
	expect(subtitle(optionSubtitle('event', options), { event: 'newFlip' })).toBe('New Flip');
});
