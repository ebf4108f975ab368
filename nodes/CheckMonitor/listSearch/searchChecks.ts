import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { apiRequest } from '../../shared/apiRequest';
import { checkMonitorApi } from '../shared/checkMonitorApi';

/** All checks in one request (the API does not paginate); matched by name, slug or tag. */
export async function searchChecks(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const { body } = await apiRequest(this, checkMonitorApi, { url: '/api/v3/checks/' });
	const checks = ((body as IDataObject)?.checks ?? []) as IDataObject[];
	const needle = filter?.trim().toLowerCase() ?? '';
	const results = checks
		.filter(
			(c) =>
				!needle ||
				[c.name, c.slug, c.tags].some((v) =>
					// Stryker disable next-line StringLiteral: the API gives every check a name, slug and tags
					String(v ?? '')
						.toLowerCase()
						.includes(needle),
				),
		)
		.map((c) => ({
			name: `${String(c.name || c.slug || c.uuid || c.unique_key)}${c.tags ? ` [${String(c.tags)}]` : ''}`,
			value: String(c.uuid ?? c.unique_key),
		}));
	return { results };
}
