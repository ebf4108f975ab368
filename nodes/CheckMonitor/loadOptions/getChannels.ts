import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiRequest } from '../../shared/apiRequest';
import { checkMonitorApi } from '../shared/checkMonitorApi';

/** Channels for the multi-select; "*" assigns every integration. Needs the read-write key. */
export async function getChannels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { body } = await apiRequest(this, checkMonitorApi, { url: '/api/v3/channels/' });
	const channels = ((body as IDataObject)?.channels ?? []) as IDataObject[];
	return [
		{
			name: 'All Channels (*)',
			value: '*',
			description: 'Assign every integration of the project',
		},
		...channels.map((c) => ({
			name: `${String(c.name || c.id)} (${String(c.kind)})`,
			value: String(c.id),
		})),
	];
}
