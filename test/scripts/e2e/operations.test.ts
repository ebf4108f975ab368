/** The end-to-end chains (scripts/e2e/operations.ts): every operation the build declares gets a step, the ones without a step of their own from their description. */
import { builtDescription } from '../../../harness/nodeOperations';
import {
	checkMonitorSteps,
	everyOperation,
	id,
	ref,
	stepsForTheRest,
} from '../../../scripts/e2e/operations';

const description = builtDescription('checkMonitor');
const written = checkMonitorSteps({ uuid: '8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b' });

test('the written chain covers every operation of the build: nothing is added', () => {
	expect(stepsForTheRest('checkMonitor', description, written)).toEqual([]);
});

test("an operation without a step runs with its required fields from the chain's records, before the first delete", () => {
	const withoutPause = written.filter((step) => step.parameters.operation !== 'pause');
	const steps = everyOperation('checkMonitor', description, withoutPause);
	const added = steps.find((step) => step.name === 'check pause (from its description)');
	expect(added?.parameters).toEqual({
		resource: 'check',
		operation: 'pause',
		checkId: id(ref('Create check', 'uuid')),
	});
	expect(added?.check([])).toBeUndefined();
	expect(steps.findIndex((step) => step === added)).toBeLessThan(
		steps.findIndex((step) => step.parameters.operation === 'delete'),
	);
	expect(steps).toHaveLength(written.length);
});
