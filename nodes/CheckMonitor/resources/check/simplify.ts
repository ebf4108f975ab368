/** Simplify of Check → Get and Get Many: the parameter, and the output it shapes. */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

export const simplifyParameter: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return only the main fields (identity, status, last and next ping, schedule) instead of the full check',
};

const SIMPLE_CHECK_FIELDS = [
	'uuid',
	'unique_key',
	'name',
	'slug',
	'tags',
	'status',
	'last_ping',
	'next_ping',
	'timeout',
	'schedule',
	'tz',
	'grace',
	'n_pings',
	'ping_url',
];

/** `{checks: [...]}` or a single check -> one item per check; Simplify keeps the useful fields. */
export async function checksToItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const simplify = this.getNodeParameter('simplify', true) as boolean;
	const checks = items.flatMap((item) =>
		Array.isArray(item.json.checks) ? (item.json.checks as IDataObject[]) : [item.json],
	);
	return checks.map((check) => ({
		json: simplify
			? Object.fromEntries(SIMPLE_CHECK_FIELDS.filter((f) => f in check).map((f) => [f, check[f]]))
			: check,
	}));
}
