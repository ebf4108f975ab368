/** The types a custom field can have, shared by Create (its Type parameter) and the output of every operation that returns a field. */
import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

export const FIELD_TYPES = [
	{ name: 'Date', value: 'date' },
	{ name: 'Multi Select', value: 'multi_select' },
	{ name: 'Number', value: 'number' },
	{ name: 'Single Select', value: 'single_select' },
	{ name: 'Text', value: 'text' },
];

/** The field's type in words ("Single select") next to the API's value (`single_select`), which stays as it is. */
export async function withTypeName(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.map((item) => {
		const type = FIELD_TYPES.find((t) => t.value === item.json.type);
		if (!type) return item;
		const typeName = type.name.charAt(0) + type.name.slice(1).toLowerCase();
		return { ...item, json: { ...item.json, typeName } };
	});
}
