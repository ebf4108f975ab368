/**
 * Contact → Create or Update writes to the contact its look-up found only when that contact
 * has the email or phone it was looked up by (hasIdentifier in contact/upsert.ts). The API
 * filters by exact match; a server that ignores the filter answers another contact, and the
 * update would overwrite it. Phones are compared by their digits: the same digits, or one
 * number the other with a country code of at most 3 digits in front, the shorter with at
 * least 7 digits. Through n8n's engine against the stateful stand-in, which answers the
 * look-up with the contact each row gives (as such a server would).
 *
 * The boundaries of that rule, one row each (writeGuards.test.ts has the everyday cases).
 */
import type { IDataObject } from 'n8n-workflow';
import { runNode } from '../support/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, credentials } = useCustomerEngagementServer();

const upsert = (lookUp: Record<string, string>) =>
	runNode({
		type: 'customerEngagement',
		parameters: { resource: 'contact', operation: 'upsert', ...lookUp, additionalFields: { lastName: 'Changed' } } as never,
		credentials: credentials(),
	});

/** The look-up (GET /v1/contacts) answers this contact: the stored one with the given fields as the API sent them. */
const lookUpAnswers = (contact: Record<string, unknown>, asSent: IDataObject) => server.answerNextGet('/v1/contacts', [{ ...contact, ...asSent }]);

test.each([
	['an email the API sent with a space after it', { email: 'ann@example.com' }, { email: 'Ann@Example.com ' }],
	['a phone the API sent as a number', { phone: '+1 555 010 0100' }, { phone: 15550100100 }],
	['a short number with the same digits (fewer than 7)', { phone: '01 00' }, { phone: '0100' }],
	['a phone stored without the country code asked for', { phone: '+1 555 010 0100' }, { phone: '555-010-0100' }],
	['a 7-digit number with a country code in front', { phone: '+1 555-0100' }, { phone: '555-0100' }],
	['a number under a 3-digit country code', { phone: '1 234 5678' }, { phone: '+353 1 234 5678' }],
])('Create or Update takes the contact found for %s, and updates it', async (_case, lookUp, asSent) => {
	const contact = server.seedContact({ email: 'ann@example.com', phone: '+15550100', firstName: 'Ann' });
	lookUpAnswers(contact, asSent);
	const result = await upsert(lookUp);
	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toMatchObject({ id: contact.id, outcome: 'updated' });
	expect(server.writeLines()).toEqual([`PUT /v1/contacts/${contact.id}`]);
	expect(server.state.contacts.get(contact.id as string)).toMatchObject({ firstName: 'Ann', lastName: 'Changed' });
});

test.each([
	['two phones without digits, written differently', { phone: 'ext. home' }, { phone: 'ext. office' }, 'Phone: looking up "ext. home" found a contact with the phone "ext. office"; nothing was written'],
	['a number of fewer than 7 digits with one more in front', { phone: '+1 0100' }, { phone: '0100' }, 'Phone: looking up "+1 0100" found a contact with the phone "0100"; nothing was written'],
	['the text "null" where the contact has no phone', { phone: 'null' }, { phone: null }, 'Phone: looking up "null" found a contact with the phone null; nothing was written'],
])('Create or Update refuses the contact found for %s: nothing written', async (_case, lookUp, asSent, message) => {
	const contact = server.seedContact({ email: 'ann@example.com', phone: '+15550100', firstName: 'Ann' });
	lookUpAnswers(contact, asSent);
	const result = await upsert(lookUp);
	expect(result.error?.message).toBe(message);
	expect(server.writeLines()).toEqual([]);
	expect(server.state.contacts.get(contact.id as string)).toMatchObject({ firstName: 'Ann', lastName: null });
});
