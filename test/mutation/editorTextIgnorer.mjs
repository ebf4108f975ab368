/**
 * A Stryker ignorer (see stryker.config.json): mutants in text that only the n8n editor shows
 * (editorText.js says which) are not tested: n8n's engine never reads that text, so no test
 * through the engine can tell them apart.
 */
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';
import editorText from './editorText.js';

export const strykerPlugins = [
	declareValuePlugin(PluginKind.Ignore, 'editor-text', {
		shouldIgnore(path) {
			if (path.isStringLiteral() || path.isTemplateLiteral())
				return editorText.editorTextReason(path);
			return undefined;
		},
	}),
];
