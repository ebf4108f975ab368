/**
 * Test order for mutation runs (jest.stryker.config.js): the quick tests that run every
 * operation first, the slow randomized and timing tests last. Stryker stops a run at the
 * first failing test, and a mutant in a node description is read by every test, so the
 * order decides how long each of those mutants takes to be killed.
 */
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = ['expressionCount', 'pathParameters', 'mergeProperties', 'engine', 'customerEngagement.test', 'checkMonitor.test', 'credentials', 'listSearch'];
const LAST = ['Trigger', 'resilience', 'servers/'];

const rank = (path) => {
	const first = FIRST.findIndex((name) => path.includes(name));
	if (first !== -1) return first;
	return LAST.some((name) => path.includes(name)) ? FIRST.length + 1 : FIRST.length;
};

class MutationSequencer extends Sequencer {
	sort(tests) {
		return [...tests].sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
	}
}

module.exports = MutationSequencer;
