/** Simplify, the parameter and the output it shapes: shared by every contact operation that returns a contact. */
import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { SIMPLIFY_DEFAULT, simplifyParameter } from '../../../shared/commonParameters';

export const contactSimplify: INodeProperties = simplifyParameter(
	{ resource: ['contact'], operation: ['create', 'upsert', 'get', 'getAll', 'update'] },
	'Whether to return only the main fields, label names and the custom fields that have a value',
);

const SIMPLE_FIELDS = [
	'id', 'firstName', 'lastName', 'email', 'phone', 'type', 'loyaltyPointsCount', 'visitsCount',
	'lastVisitDate', 'registrationDate',
];

/** Simplify: the main fields, label names, and only the custom fields that have a value. */
export async function simplifyContacts(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (!(this.getNodeParameter('simplify', SIMPLIFY_DEFAULT) as boolean)) return items;
	return items.map((item) => {
		const contact = item.json;
		const simple: IDataObject = {};
		for (const field of SIMPLE_FIELDS) if (field in contact) simple[field] = contact[field];
		simple.labels = ((contact.labels as IDataObject[] | undefined) ?? []).map((l) => l.name);
		simple.customFields = Object.fromEntries(
			((contact.customFields as IDataObject[] | undefined) ?? [])
				.filter((f) => f.value !== undefined)
				.map((f) => [String(f.id), f.value]),
		);
		return { json: simple };
	});
}
