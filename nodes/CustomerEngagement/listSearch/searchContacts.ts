import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { directRequest } from '../../shared/directRequest';
import { customerEngagementDirectApi } from '../shared/transport';

const PAGE_SIZE = 100;

function contactName(contact: IDataObject): string {
	const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ');
	const reach = contact.email ?? contact.phone ?? contact.id;
	return name ? `${name} (${String(reach)})` : String(reach);
}

/**
 * The API filters contacts only by exact email or phone, so a search that looks like one
 * uses that filter; anything else pages through contacts and matches names locally.
 */
export async function searchContacts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const qs: IDataObject = { page, perPage: PAGE_SIZE };
	const term = filter?.trim() ?? '';
	if (term.includes('@')) qs.email = term;
	else if (/^\+?[\d\s().-]{6,}$/.test(term)) qs.phone = term.replace(/[\s().-]/g, '');
	const { body, headers } = await directRequest(this, customerEngagementDirectApi, {
		url: '/v1/contacts',
		qs,
	});
	const contacts = (Array.isArray(body) ? body : []) as IDataObject[];
	const needle = qs.email || qs.phone ? '' : term.toLowerCase();
	const results = contacts
		.filter((c) => !needle || contactName(c).toLowerCase().includes(needle))
		.map((c) => ({ name: contactName(c), value: String(c.id) }));
	const total = Number(headers['x-total-count']);
	const more = Number.isFinite(total) ? page * PAGE_SIZE < total : contacts.length === PAGE_SIZE;
	return { results, paginationToken: more ? String(page + 1) : undefined };
}
