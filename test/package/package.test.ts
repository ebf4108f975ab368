/**
 * What ships, and what package.json says about it (README, "Install in n8n"; CONTRIBUTING, "Releasing"):
 * the tarball holds dist/, README.md, LICENSE, CHANGELOG.md and package.json only, no
 * source map (the sources they would point at do not ship), the lazy-loading metadata
 * n8n reads, and every documentation link of the nodes and credentials points at a
 * README section of the package's repository that exists.
 *
 * The tarball is listed from the current dist/ (`npm test` builds before jest runs).
 *
 * Package-wide: it tests package.json, the README's links and the tarball, no source file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CheckMonitorApi } from '../../credentials/CheckMonitorApi.credentials';
import { CheckMonitorWebhookHttpHeaderAuth } from '../../credentials/CheckMonitorWebhookHttpHeaderAuth.credentials';
import { CustomerEngagementApi } from '../../credentials/CustomerEngagementApi.credentials';
import { LONG_TEST_TIMEOUT_MS } from '../support/longTests';

const root = path.join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
	name: string;
	main?: string;
	homepage: string;
	bugs: { url: string };
	repository: { type: string; url: string };
	files: string[];
	n8n: Record<string, unknown> & { nodes: string[]; credentials: string[] };
	dependencies?: object;
	overrides?: object;
	scripts: Record<string, string>;
};
const repository = 'https://github.com/engagement-monitor/n8n-nodes-engagement-monitor';

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces to dashes. */
export function githubAnchor(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

function readmeAnchors(): Set<string> {
	const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
	return new Set(
		readme
			.split('\n')
			.filter((line) => /^#{1,6} /.test(line))
			.map((line) => githubAnchor(line.replace(/^#+ /, ''))),
	);
}

describe('package.json', () => {
	test('points at the public repository: repository, bugs and homepage agree', () => {
		expect(pkg.repository).toEqual({ type: 'git', url: `git+${repository}.git` });
		expect(pkg.bugs).toEqual({ url: `${repository}/issues` });
		expect(pkg.homepage).toBe(`${repository}#readme`);
	});

	test('has no main (n8n reads the n8n field), no runtime dependencies, no overrides, no install scripts', () => {
		expect(pkg.main === undefined || existsSync(path.join(root, pkg.main))).toBe(true);
		expect(pkg.dependencies ?? {}).toEqual({});
		// n8n's scanner refuses an overrides field (no-overrides-field).
		expect(pkg.overrides).toBeUndefined();
		expect(
			Object.keys(pkg.scripts).filter((s) => /^(pre|post)?(install|prepare|prepublish)$/.test(s)),
		).toEqual([]);
	});

	test("claims no strict mode: its lint is this eslint config, not @n8n/node-cli's strict one", () => {
		expect(pkg.n8n.strict).toBeUndefined();
	});
});

describe('documentation links', () => {
	const codexLinks = [
		'CustomerEngagement',
		'CheckMonitor',
		'CustomerEngagementTrigger',
		'CheckMonitorTrigger',
		'CheckMonitorWebhookTrigger',
	].flatMap((node) => {
		const codex = JSON.parse(
			readFileSync(path.join(root, 'nodes', node, `${node}.node.json`), 'utf8'),
		) as {
			resources: {
				primaryDocumentation: Array<{ url: string }>;
				credentialDocumentation: Array<{ url: string }>;
			};
		};
		return [
			...codex.resources.primaryDocumentation,
			...codex.resources.credentialDocumentation,
		].map(({ url }) => [`${node}.node.json`, url]);
	});
	const credentialLinks = [
		['CustomerEngagementApi', new CustomerEngagementApi().documentationUrl],
		['CheckMonitorApi', new CheckMonitorApi().documentationUrl],
		['CheckMonitorWebhookHttpHeaderAuth', new CheckMonitorWebhookHttpHeaderAuth().documentationUrl],
	];

	test.each([...codexLinks, ...credentialLinks])(
		'%s links to a README section that exists: %s',
		(_where, url) => {
			const [page, anchor] = url.split('#');
			expect(page).toBe(repository);
			expect([...readmeAnchors()]).toContain(anchor);
		},
	);

	test("the anchor rule is GitHub's (so the test above can fail)", () => {
		expect(githubAnchor('Check Monitor API')).toBe('check-monitor-api');
		expect(githubAnchor('Use with AI agents and MCP')).toBe('use-with-ai-agents-and-mcp');
		expect(githubAnchor('Errors and rate limits')).toBe('errors-and-rate-limits');
		expect(readmeAnchors().has('no-such-section')).toBe(false);
	});
});

describe('the tarball (npm pack --dry-run)', () => {
	let packed: string[] | undefined;
	/** What `npm pack` would ship (packed once: it takes seconds, many on a busy machine). */
	const listed = () => {
		if (!existsSync(path.join(root, 'dist', 'known', 'nodes.json')))
			throw new Error('dist/ is not built: run `npm run build` (npm test builds first)');
		if (!packed) {
			const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
				cwd: root,
				encoding: 'utf8',
			});
			packed = (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0].files
				.map((f) => f.path)
				.sort();
		}
		return packed;
	};

	test(
		'holds dist/, README.md, LICENSE, CHANGELOG.md and package.json only, and no source map',
		() => {
			const files = listed();
			expect(
				files.filter(
					(f) =>
						!f.startsWith('dist/') &&
						!['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json'].includes(f),
				),
			).toEqual([]);
			expect(files).toEqual(
				expect.arrayContaining(['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json']),
			);
			expect(files.filter((f) => f.endsWith('.map') || f.endsWith('.ts'))).toEqual([]);
		},
		LONG_TEST_TIMEOUT_MS,
	);

	test(
		'holds every node and credential package.json names, and the lazy-loading metadata n8n reads',
		() => {
			const files = listed();
			expect(files).toEqual(expect.arrayContaining([...pkg.n8n.nodes, ...pkg.n8n.credentials]));
			expect(files).toEqual(
				expect.arrayContaining([
					'dist/known/nodes.json',
					'dist/known/credentials.json',
					'dist/types/nodes.json',
					'dist/types/credentials.json',
				]),
			);
		},
		LONG_TEST_TIMEOUT_MS,
	);

	test('the lazy-loading metadata names exactly the nodes and credentials of package.json, at paths that ship', () => {
		const known = (file: string) =>
			JSON.parse(readFileSync(path.join(root, 'dist', 'known', file), 'utf8')) as Record<
				string,
				{ sourcePath: string }
			>;
		const types = (file: string) =>
			JSON.parse(readFileSync(path.join(root, 'dist', 'types', file), 'utf8')) as Array<{
				name: string;
			}>;
		expect(
			Object.values(known('nodes.json'))
				.map((n) => n.sourcePath)
				.sort(),
		).toEqual([...pkg.n8n.nodes].sort());
		expect(
			Object.values(known('credentials.json'))
				.map((c) => c.sourcePath)
				.sort(),
		).toEqual([...pkg.n8n.credentials].sort());
		expect(
			types('nodes.json')
				.map((n) => n.name)
				.sort(),
		).toEqual(Object.keys(known('nodes.json')).sort());
		expect(
			types('credentials.json')
				.map((c) => c.name)
				.sort(),
		).toEqual(Object.keys(known('credentials.json')).sort());
	});
});
