import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { matches, searchPages } from '../shared/pages';

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
	const term = filter?.trim() ?? '';
	const qs: IDataObject = {};
	if (term.includes('@')) qs.email = term;
	else if (/^\+?[\d\s().-]{6,}$/.test(term)) qs.phone = term.replace(/[\s().-]/g, '');
	return await searchPages(this, {
		url: '/v1/contacts',
		qs,
		paginationToken,
		keep: (contact) => (qs.email || qs.phone ? true : matches(contactName(contact), term)),
		toResult: (contact) => ({ name: contactName(contact), value: String(contact.id) }),
	});
}
