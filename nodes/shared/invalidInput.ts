/**
 * Validation before any request is sent: one helper that names the field, so every
 * operation words its bad-input errors the same way.
 */
import { NodeOperationError, type IExecuteSingleFunctions, type IPollFunctions } from 'n8n-workflow';

/** A trigger's poll has no item: its errors name the field alone. */
export function invalidInput(
	context: IExecuteSingleFunctions | IPollFunctions,
	field: string,
	problem: string,
	hint?: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `${field}: ${problem}`, {
		itemIndex: 'getItemIndex' in context ? context.getItemIndex() : undefined,
		description: hint,
	});
}
