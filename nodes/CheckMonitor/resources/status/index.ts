import type { INodeProperties } from 'n8n-workflow';

export const statusDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['status'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get the service status',
				description: 'Check that the monitoring service and its database answer',
				routing: {
					request: { method: 'GET', url: '/api/v3/status/' },
					output: {
						postReceive: [
							{
								// The server answers the text "OK" (as text/html), not JSON.
								type: 'set',
								properties: {
									value: '={{ { "status": String($response.body).trim(), "ok": String($response.body).trim() === "OK", "statusCode": $response.statusCode } }}',
								},
							},
						],
					},
				},
			},
		],
		default: 'get',
	},
];
