/** Note → Create (resources/note/), through n8n's engine against the stand-in. */
import { byId } from '../support/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

test('note create', async () => {
	const contact = server.seedContact();
	const result = await run({ resource: 'note', operation: 'create', contactId: byId(contact.id as string), text: 'Called back' });
	expect(server.requestLines()).toEqual([`POST /v1/contacts/${contact.id}/notes`]);
	expect(server.requests[0].body).toEqual({ text: 'Called back' });
	expect(json(result)[0]).toMatchObject({ text: 'Called back', contactId: contact.id });
});
