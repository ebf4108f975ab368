/**
 * Counts the expressions n8n evaluates, by text: every evaluation goes through
 * `Expression.prototype.renderExpression` in n8n-workflow (the one the engine uses).
 */
import { Expression } from 'n8n-workflow';

export interface ExpressionCount {
	/** Evaluations per expression text (without the leading "="). */
	byText: Map<string, number>;
	total(): number;
	stop(): void;
}

export function countExpressions(): ExpressionCount {
	const prototype = Expression.prototype as unknown as {
		renderExpression: (expression: string, data: unknown) => unknown;
	};
	const original = prototype.renderExpression;
	const byText = new Map<string, number>();
	prototype.renderExpression = function (this: unknown, expression: string, data: unknown) {
		byText.set(expression, (byText.get(expression) ?? 0) + 1);
		return original.call(this, expression, data);
	};
	return {
		byText,
		total: () => [...byText.values()].reduce((a, b) => a + b, 0),
		stop: () => {
			prototype.renderExpression = original;
		},
	};
}
