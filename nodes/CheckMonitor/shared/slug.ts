import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { invalidInput } from '../../shared/invalidInput';
import { SLUG, SLUG_RULE } from './checkParameters';

/** A check named by its slug (Ping → Send, and the look-up of every other operation): refused unless it is one. */
export function refuseNonSlug(context: IExecuteSingleFunctions, label: string, slug: string): void {
	if (!SLUG.test(slug)) throw invalidInput(context, label, `"${slug}" is not a slug`, `${SLUG_RULE}.`);
}
