/**
 * Stryker with every test of the run for every mutant (`coverageAnalysis: all`), for code
 * that runs when a node is built (sendNumbersAsText, mergeSameNamedProperties): per-test
 * coverage counts it as static and gives its mutants only the few tests that build a node
 * inside a test. Slow: use it on one file with the test files that exercise it, e.g.
 *   STRYKER_TESTS=customerEngagement,checkMonitor npx stryker run stryker.all-tests.config.mjs --mutate nodes/shared/convertSent.ts
 */
import { readFileSync } from 'node:fs';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));

export default { ...base, coverageAnalysis: 'all', ignoreStatic: false };
