/**
 * Whether the secret a request carries is the credential's. Plain code, since node code may
 * import only n8n-workflow: every character of the received value is compared, whatever
 * matched before, so the time taken depends on the received value's length alone, never on
 * how much of it is right nor on the secret's length (docs/webhook-trigger.md, "Only the server gets in").
 */
export function sameSecret(received: string, secret: string): boolean {
	if (secret.length === 0) return false;
	let difference = received.length ^ secret.length;
	for (let i = 0; i < received.length; i++) {
		difference |= received.charCodeAt(i) ^ secret.charCodeAt(i % secret.length);
	}
	return difference === 0;
}
