/**
 * Validation before any request is sent: one helper that names the field, so every
 * operation words its bad-input errors the same way.
 */
// @ts-nocheck

import { NodeOperationError, type IExecuteSingleFunctions } from 'n8n-workflow';

export function invalidInput(
	context: IExecuteSingleFunctions,
	field: string,
	problem: string,
	hint?: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `${field}: ${problem}`, {
		itemIndex: context.getItemIndex(),
		description: hint,
	});
}
