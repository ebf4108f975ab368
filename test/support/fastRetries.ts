/**
 * Tests keep the retry policy's shape (attempt counts, Retry-After handling) but shrink
 * its backoff, so a test of three retries takes milliseconds. Tests of the waiting itself
 * set the values they need.
 */
import { policy as resiliencePolicy } from '../../nodes/shared/apiRequest';

const defaults = { ...resiliencePolicy };

beforeEach(() => {
	Object.assign(resiliencePolicy, defaults, { baseDelayMs: 5, maxDelayMs: 20 });
});
