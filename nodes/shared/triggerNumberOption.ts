/**
 * A trigger's number option (a window, a pace) within the bounds its field declares: n8n
 * enforces them only for typed numbers, and an expression can give anything (a NaN window
 * silently counts nothing). An expression that gives nothing means the option's default.
 */
import type { IPollFunctions } from 'n8n-workflow';
import { invalidInput } from './apiRequest';

export function numberOption(
	context: IPollFunctions,
	value: unknown,
	field: string,
	bounds: { min: number; max?: number; fallback: number },
): number {
	if (value === undefined || value === null || value === '') return bounds.fallback;
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	const { min, max } = bounds;
	if (
		typeof number === 'number' &&
		Number.isFinite(number) &&
		number >= min &&
		(max === undefined || number <= max)
	)
		return number;
	const given = typeof value === 'number' ? String(value) : JSON.stringify(value);
	throw invalidInput(
		context,
		field,
		`must be a number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}, got ${given}`,
	);
}
