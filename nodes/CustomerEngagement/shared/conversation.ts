/**
 * Conversations page backwards: each response holds up to 15 messages (ascending), and the
 * next older page is asked for with beforeDate = conversation[0].date, until it is empty.
 * The node returns them oldest first: one item per message, or one per page in raw mode.
 */
import type { IDataObject, IExecutePaginationFunctions, INodeExecutionData } from 'n8n-workflow';
import { pairedWithInput, type RequestData, sendRequest } from '../../shared/transport';
import { customerEngagementApi } from './transport';

/** A safety bound: 15 messages a page, so 100 000 messages. */
const MAX_PAGES = 6667;

export async function paginateConversation(
	this: IExecutePaginationFunctions,
	requestData: RequestData,
): Promise<INodeExecutionData[]> {
	const raw = (this.getNodeParameter('options.output', 'messages') as string) === 'raw';
	const pages: IDataObject[] = [];
	let beforeDate: string | undefined;
	for (let i = 0; i < MAX_PAGES; i++) {
		const { response } = await sendRequest(this, requestData, customerEngagementApi, {
			qs: beforeDate ? { beforeDate } : {},
		});
		const page = (response.body ?? {}) as IDataObject;
		const groups = (page.conversation as IDataObject[] | undefined) ?? [];
		if (groups.length === 0) break;
		const next = String(groups[0].date);
		// The same page again (a server that ignores beforeDate): its messages are already
		// kept, and asking again would get it again.
		if (next === beforeDate) break;
		pages.unshift(page);
		beforeDate = next;
	}
	if (raw) return pairedWithInput(this, pages.map((json) => ({ json })));
	return pairedWithInput(this, pages.flatMap((page) => {
		const contact = ((page.contacts as IDataObject[] | undefined) ?? [])[0] ?? {};
		// Only pages with messages are kept.
		return (page.conversation as IDataObject[]).flatMap((group) =>
			((group.messages as IDataObject[] | undefined) ?? []).map((message) => {
				const text = (message.text ?? {}) as IDataObject;
				return {
					json: {
						date: message.date,
						type: message.type,
						status: message.status,
						fromContact: text.senderContact ?? null,
						content: text.content ?? null,
						phone: page.phone,
						contactId: contact.contactId ?? null,
						message,
					},
				};
			}),
		);
	}));
}
