/** Note → Create (resources/note/), through n8n's engine against the stand-in. */
import { byId } from '../../harness/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

test('note create', async () => {
	const contact = server.seedContact();
	const result = await run({
		resource: 'note',
		operation: 'create',
		contactId: byId(contact.id as string),
		text: 'Called back',
	});
	expect(server.requestLines()).toEqual([`POST /v1/contacts/${contact.id}/notes`]);
	expect(server.requests[0].body).toEqual({ text: 'Called back' });
	expect(json(result)[0]).toMatchObject({ text: 'Called back', contactId: contact.id });
});

test('note create, every value an expression: each evaluated only as often as n8n needs; 3 notes sent', async () => {
	const ids = [0, 1, 2].map(() => server.seedContact().id as string);
	const result = await run(
		{
			resource: 'note',
			operation: 'create',
			contactId: byId('={{ $json.id }}'),
			text: '={{ $json.text }}',
		},
		{ items: ids.map((id, i) => ({ id, text: `T${i}` })) },
	);
	expect(result.error).toBeUndefined();
	expect(json(result).map((n) => [n.contactId, n.text])).toEqual(ids.map((id, i) => [id, `T${i}`]));
	expect(server.requestLines()).toEqual(ids.map((id) => `POST /v1/contacts/${id}/notes`));
	expect(server.requests.map((r) => r.body)).toEqual([
		{ text: 'T0' },
		{ text: 'T1' },
		{ text: 'T2' },
	]);
});
