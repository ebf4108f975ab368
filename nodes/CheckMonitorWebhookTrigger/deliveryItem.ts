/**
 * The item of one change: New Flip's item (so one trigger can replace the other without
 * touching the nodes after it), plus what the server sends beside the check.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import { type Delivery, isTestNotification } from './delivery';

export function deliveryItem(delivery: Delivery): INodeExecutionData {
	const { check } = delivery;
	return {
		json: {
			check: {
				id: check.uuid,
				uuid: check.uuid,
				name: check.name,
				slug: check.slug,
				tags: check.tags,
				status: check.status,
			},
			timestamp: delivery.at,
			up: delivery.event === 'up' ? 1 : 0,
			to: delivery.event,
			exitStatus: delivery.exitStatus,
			lastPingBody: delivery.lastPingBody,
			test: isTestNotification(check),
		},
	};
}
