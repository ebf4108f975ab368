// n8n's community-node lint rules, as `@n8n/node-cli` configures them, applied to the
// sources and to package.json. Tests and scripts get plain TypeScript rules.
import js from '@eslint/js';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', '.cache/**', 'coverage/**', 'package/**'] },
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		extends: [
			js.configs.recommended,
			tseslint.configs.recommended,
			n8nCommunityNodesPlugin.configs.recommended,
		],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { 'prefer-spread': 'off', 'no-console': 'error' },
	},
	{
		files: ['package.json'],
		extends: [n8nCommunityNodesPlugin.configs.recommended],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.community.rules },
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { extraFileExtensions: ['.json'] },
		},
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
	{
		files: ['test/**/*.ts', 'scripts/**/*.ts'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		rules: {
			'@typescript-eslint/no-explicit-any': 'off',
			'@typescript-eslint/no-non-null-assertion': 'off',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
			],
		},
	},
);
