/** The secret comparison: equal strings only, whatever part of them matches. */
import { sameSecret } from '../../nodes/CheckMonitorWebhookTrigger/sameSecret';

const SECRET = 'Zq8-r7Tn2wP5xL9kV3mB';

test('the secret itself passes; anything else fails, however close', () => {
	expect(sameSecret(SECRET, SECRET)).toBe(true);
	const near = [
		SECRET.slice(0, -1),
		`${SECRET}B`,
		`${SECRET}${SECRET}`,
		SECRET.toLowerCase(),
		` ${SECRET}`,
		SECRET.slice(1),
		'',
		'x',
		SECRET.replace('Z', 'z'),
		SECRET.slice(0, 10),
	];
	expect(near.filter((value) => sameSecret(value, SECRET))).toEqual([]);
});

test('the secret repeated (what the comparison wraps around to) is not the secret', () => {
	expect(sameSecret('abcabc', 'abc')).toBe(false);
	expect(sameSecret('abc', 'abcabc')).toBe(false);
});

test('an empty secret matches nothing, not even an empty value', () => {
	expect(sameSecret('', '')).toBe(false);
	expect(sameSecret('x', '')).toBe(false);
});

test('every character of the received value is read, whatever matched before (no early return)', () => {
	let reads = 0;
	const counting = (text: string) =>
		new Proxy(new String(text), {
			get(target, key) {
				if (key === 'charCodeAt') return (i: number) => (reads++, target.charCodeAt(i));
				const value = Reflect.get(target, key);
				return typeof value === 'function' ? value.bind(target) : value;
			},
		}) as unknown as string;
	for (const received of ['Xq8-r7Tn2wP5xL9kV3mB', 'Zq8-r7Tn2wP5xL9kV3mX']) {
		reads = 0;
		sameSecret(counting(received), SECRET);
		expect(reads).toBe(received.length);
	}
});
