/**
 * Which literals the editor-text ignorer leaves out of mutation testing: editor-only text of
 * parameter definitions and options, never an error's words or a value the engine reads.
 * The snippets are parsed with Babel and walked as Stryker walks the sources.
 */
import { parseSync, traverse, type NodePath } from '@babel/core';
import { editorTextReason } from './editorText';

/** Each string literal of the snippet, with whether the ignorer leaves it out. */
function ignored(code: string): Array<[string, boolean]> {
	const ast = parseSync(code, {
		filename: 'snippet.ts',
		babelrc: false,
		configFile: false,
		plugins: ['@babel/plugin-syntax-typescript'],
	});
	const seen: Array<[string, boolean]> = [];
	traverse(ast!, {
		StringLiteral(path: NodePath) {
			if (path.parentPath?.isObjectProperty() && path.key === 'key') return;
			seen.push([(path.node as { value: string }).value, editorTextReason(path) !== undefined]);
		},
	});
	return seen;
}

test("a parameter's and an option's editor text are left out; names, values and defaults are not", () => {
	expect(
		ignored(`const p = { displayName: 'Event', name: 'event', type: 'options', description: 'What starts it', placeholder: 'e.g. x', hint: 'h',
		options: [{ name: 'New Flip', value: 'newFlip', description: 'A check changed', action: 'Get flips' }], default: 'newFlip' };`),
	).toEqual([
		['Event', true],
		['event', false],
		['options', false],
		['What starts it', true],
		['e.g. x', true],
		['h', true],
		['New Flip', true],
		['newFlip', false],
		['A check changed', true],
		['Get flips', true],
		['newFlip', false],
	]);
});

test('a parameter built from another (a spread and displayOptions) has editor text too; an error built from another has not', () => {
	expect(
		ignored(
			`const p = { ...locator, description: 'The check to watch', displayOptions: { show: { event: ['newPing'] } } };`,
		),
	).toEqual([
		['The check to watch', true],
		['newPing', false],
	]);
	expect(ignored(`const e = { ...base, description: 'Check the Base URL' };`)).toEqual([
		['Check the Base URL', false],
	]);
});

test("an error's message and description are behaviour", () => {
	expect(
		ignored(
			`throw new NodeOperationError(node, 'Check: is empty', { description: 'Pick one from the list' });`,
		),
	).toEqual([
		['Check: is empty', false],
		['Pick one from the list', false],
	]);
});

test("a credential's displayName and documentation link are left out; its name is not", () => {
	expect(
		ignored(
			`class Api { name = 'checkMonitorApi'; displayName = 'Check Monitor API'; documentationUrl = 'https://example.com/docs'; }`,
		),
	).toEqual([
		['checkMonitorApi', false],
		['Check Monitor API', true],
		['https://example.com/docs', true],
	]);
});
