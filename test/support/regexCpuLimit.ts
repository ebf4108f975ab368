/**
 * n8n runs the regular expressions of a node description (a resource locator's validation and
 * URL extraction) in a vm under a 250 ms wall-clock limit. On a busy machine a match of a few
 * microseconds can wait longer than that for the CPU, and the node fails with "Regular
 * expression execution timed out". The tests run the same engine with the limit on the match's
 * own CPU time (n8n's 250 ms), so a slow expression still fails and a busy machine does not. A
 * wall-clock limit stays, far longer, so that a match that never ends cannot hang the run.
 * Installed for every test file (jest.config.js); see CONTRIBUTING.md, "Tests and time".
 */
import vm from 'node:vm';
import { setSafeRegexEngine, type RegexEngine } from 'n8n-workflow';

export const N8N_REGEX_LIMIT_MS = 250;
export const TIMED_OUT = 'Regular expression execution timed out';

export function cpuLimitedRegexEngine(cpuLimitMs: number, hangLimitMs = 30_000): RegexEngine {
	const context = vm.createContext({
		pattern: '',
		flags: '',
		input: '',
		replacement: '',
		result: undefined as unknown,
	});
	const scripts = {
		exec: new vm.Script('result = new RegExp(pattern, flags).exec(input)'),
		test: new vm.Script('result = new RegExp(pattern, flags).test(input)'),
		replace: new vm.Script('result = input.replace(new RegExp(pattern, flags), replacement)'),
		matchAll: new vm.Script('result = Array.from(input.matchAll(new RegExp(pattern, flags)))'),
		split: new vm.Script('result = input.split(new RegExp(pattern, flags))'),
	};
	function run<T>(
		script: keyof typeof scripts,
		pattern: string,
		input: string,
		flags = '',
		replacement = '',
	): T {
		Object.assign(context, { pattern, input, flags, replacement, result: undefined });
		const before = process.threadCpuUsage();
		try {
			scripts[script].runInContext(context, { timeout: hangLimitMs });
		} catch (error) {
			if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
				throw new Error(TIMED_OUT);
			throw error;
		}
		const used = process.threadCpuUsage(before);
		if ((used.user + used.system) / 1000 > cpuLimitMs) throw new Error(TIMED_OUT);
		return context.result as T;
	}
	return {
		exec: (pattern, input, flags) => run('exec', pattern, input, flags),
		test: (pattern, input, flags) => run('test', pattern, input, flags),
		replace: (pattern, input, flags, replacement) =>
			run('replace', pattern, input, flags, replacement),
		// As n8n's engine: matchAll needs the global flag.
		matchAll: (pattern, input, flags = '') =>
			run('matchAll', pattern, input, flags.includes('g') ? flags : `${flags}g`),
		split: (pattern, input, flags) => run('split', pattern, input, flags),
	};
}

export const installRegexEngine = () =>
	setSafeRegexEngine(cpuLimitedRegexEngine(N8N_REGEX_LIMIT_MS));

installRegexEngine();
