import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodePropertyOptions,
} from 'n8n-workflow';

export async function badgesToItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const badges = (items[0]?.json.badges ?? {}) as Record<string, IDataObject>;
	return Object.entries(badges).map(([tag, urls]) => ({
		json: { tag, allChecks: tag === '*', ...urls },
	}));
}

/** The API returns every badge in one answer; Limit trims it. */
export const badgeGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List the status badge links of each tag',
	description:
		'Lists the status badges of each tag, plus the project-wide badge (tag *). Returns one item per tag with its badge URLs in SVG, JSON and Shields formats.',
	routing: {
		request: { method: 'GET', url: '/api/v3/badges/' },
		output: { postReceive: [badgesToItems] },
	},
};
