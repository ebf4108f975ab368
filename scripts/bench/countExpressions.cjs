/**
 * Preloaded into the benchmark's n8n process (NODE_OPTIONS=--require): counts every
 * expression n8n evaluates, by text, through n8n-workflow's Expression.renderExpression
 * (every copy of n8n-workflow that gets loaded), and writes the counts to
 * $BENCH_EXPRESSION_COUNTS.<pid> when the process exits (n8n's task runner, a child
 * process, inherits the preload: each process writes its own file).
 */
const Module = require('node:module');
const { writeFileSync } = require('node:fs');

const counts = new Map();
const patched = new WeakSet();
const load = Module._load;
Module._load = function (request, ...rest) {
	const loaded = load.call(this, request, ...rest);
	if (request !== 'n8n-workflow') return loaded;
	const prototype = loaded.Expression && loaded.Expression.prototype;
	if (prototype && typeof prototype.renderExpression === 'function' && !patched.has(prototype)) {
		patched.add(prototype);
		const original = prototype.renderExpression;
		prototype.renderExpression = function (expression, data) {
			counts.set(expression, (counts.get(expression) || 0) + 1);
			return original.call(this, expression, data);
		};
	}
	return loaded;
};
process.on('exit', () => {
	if (process.env.BENCH_EXPRESSION_COUNTS && counts.size > 0) {
		writeFileSync(
			`${process.env.BENCH_EXPRESSION_COUNTS}.${process.pid}`,
			JSON.stringify([...counts]),
		);
	}
});
