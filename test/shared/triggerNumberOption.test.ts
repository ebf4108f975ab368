/**
 * A trigger's number options from expressions (nodes/shared/triggerNumberOption.ts): the
 * bounds the field declares hold at both ends, and only numbers and number text count.
 * Checked before any request; what a user sees is the message.
 */
import { createPoller } from '../../harness/engine';
import { useCustomerEngagementServer } from '../support/setup';

describe("a trigger's number options from expressions", () => {
	const { server, credentials } = useCustomerEngagementServer();
	const trigger = (parameters: Record<string, unknown>) =>
		createPoller({
			type: 'customerEngagementTrigger',
			parameters: parameters as never,
			credentials: credentials(),
		});

	test.each([
		[{ event: 'newRedeem', redeemWindowMinutes: '={{ 1440 }}' }],
		[{ event: 'newRedeem', redeemWindowMinutes: '={{ " 1 " }}' }],
		[{ event: 'newVisit', lookBackHours: '={{ 720 }}' }],
		[{ event: 'newVisit', lookBackHours: '={{ 0 }}' }],
	])('%o is within the bounds: the first poll reads the list', async (parameters) => {
		expect(await trigger(parameters).poll()).toBeNull();
		expect(server.requests.length).toBeGreaterThan(0);
	});

	test.each([
		[
			{ event: 'newRedeem', redeemWindowMinutes: '={{ true }}' },
			'Late Redeem Window (Minutes): must be a number from 1 to 1440, got true',
		],
		[
			{ event: 'newVisit', lookBackHours: '={{ "  " }}' },
			'Back-Dated Visits Window (Hours): must be a number from 0 to 720, got "  "',
		],
		[
			{ event: 'newVisit', lookBackHours: '={{ [] }}' },
			'Back-Dated Visits Window (Hours): must be a number from 0 to 720, got []',
		],
	])('%o is refused before any request: "%s"', async (parameters, message) => {
		await expect(trigger(parameters).poll()).rejects.toMatchObject({ message });
		expect(server.requests).toEqual([]);
	});
});
