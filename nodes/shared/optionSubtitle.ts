/**
 * A node's subtitle (the line under its name on the canvas) that names the chosen option as
 * the user picked it ("New Flip", not `newFlip`). Built from the options themselves, so a new
 * or renamed option is named without a second list to keep.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

export function optionSubtitle(parameter: string, options: INodePropertyOptions[]): string {
	const names = Object.fromEntries(options.map((option) => [String(option.value), option.name]));
	const chosen = `$parameter[${JSON.stringify(parameter)}]`;
	// An unknown value (an expression, a value of a later version) shows as it is.
	return `={{ ${JSON.stringify(names)}[${chosen}] ?? ${chosen} }}`;
}
