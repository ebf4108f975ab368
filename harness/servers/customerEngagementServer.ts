/**
 * A stateful local stand-in for the Customer Engagement API (docs/api/customer-engagement.md):
 * every endpoint, in-memory state, `{errorCode, message}` errors, page/perPage pagination
 * with X-Total-Count, and switches for what the API's reference leaves open.
 */
import type { Express, Request, Response } from 'express';
import { ApiServer, isPlainObject, parseJson } from './apiServer';

type Json = Record<string, unknown>;

export const CE_TOKEN = 'ce-test-token-7f3a9c2e51b84d06';

const API_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CONTACT_TYPES = ['ACTIVE', 'PASSIVE', 'POTENTIAL'];
const FIELD_TYPES = ['text', 'number', 'date', 'single_select', 'multi_select'];
export const LABEL_COLORS = [
	'RED',
	'PINK',
	'PURPLE',
	'DEEP_PURPLE',
	'INDIGO',
	'LIGHT_BLUE',
	'CYAN',
	'TEAL',
	'LIME',
	'AMBER',
	'ORANGE',
	'DEEP_ORANGE',
	'BROWN',
	'GREY',
	'BLUE_GREY',
];
const REWARD_TYPES = ['ITEM', 'CASH_DISCOUNT', 'PERCENT_DISCOUNT'];
const ACTIVITY_TYPES = [
	'EMAIL',
	'TEXT',
	'CALL_LOG',
	'EMAIL_LOG',
	'NOTE',
	'CLAIMED_OFFERS',
	'SUBSCRIPTION',
	'CONTACT_STATUS_CHANGE',
	'CALL',
	'UTM_TAG_CHANGE',
	'CHECK_IN',
];

class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly errorCode: string,
		message: string,
	) {
		super(message);
	}
}

interface CustomFieldDef {
	id: string;
	name: string;
	type: string;
	options?: Array<{ id: string; value: string }>;
}

interface Activity {
	contactId: string;
	activityType: string;
	date: string;
	data: Json;
}

export interface CustomerEngagementState {
	contacts: Map<string, Json>;
	/** contact id -> custom field id -> value */
	contactFieldValues: Map<string, Map<string, string>>;
	customFields: Map<string, CustomFieldDef>;
	labels: Map<string, Json>;
	visits: Map<string, Json>;
	rewards: Map<string, Json>;
	redeems: Json[];
	notes: Json[];
	texts: Array<Json & { to: string; contactId?: string; message: string; date: string }>;
	activities: Activity[];
	settings: Json;
}

export class CustomerEngagementServer extends ApiServer {
	token = CE_TOKEN;

	state: CustomerEngagementState = CustomerEngagementServer.emptyState();

	/** Ids of contacts that have unsubscribed from texts. */
	private sequence = 0;

	/** A fixed clock can be set by tests; otherwise real time. */
	now: () => Date = () => new Date();

	static emptyState(): CustomerEngagementState {
		return {
			contacts: new Map(),
			contactFieldValues: new Map(),
			customFields: new Map(),
			labels: new Map(),
			visits: new Map(),
			rewards: new Map(),
			redeems: [],
			notes: [],
			texts: [],
			activities: [],
			settings: { checkin: 1, share: 5, review: 10, pointsPerDollar: 0 },
		};
	}

	reset(): void {
		this.token = CE_TOKEN;
		this.uniqueContacts = true;
		this.redeemOrder = 'newestFirst';
		this.reportTotals = true;
		this.beforeDateInclusive = false;
		this.state = CustomerEngagementServer.emptyState();
		this.clearLog();
		this.clearFaults();
		this.setRateLimit(undefined);
	}

	nextId(prefix: string): string {
		this.sequence++;
		return `${prefix}${this.sequence.toString(36).padStart(6, '0')}`;
	}

	private timestamp(offsetMs = 0): string {
		return new Date(this.now().getTime() + offsetMs).toISOString();
	}

	protected sendTooManyRequests(res: Response): void {
		res.status(429).json({ errorCode: 'TOO_MANY_REQUESTS', message: 'Too many requests' });
	}

	// ---- seeding helpers for tests (bypass HTTP) ----

	seedContact(fields: Json = {}, id: string = this.nextId('ct_')): Json {
		const contact = this.newContact(id, { email: `${id}@example.com`, ...fields });
		this.state.contacts.set(id, contact);
		return this.presentContact(contact);
	}

	seedVisit(fields: Json & { contactId: string }): Json {
		const id = this.nextId('vi_');
		const visit: Json = {
			id,
			date: this.timestamp(),
			points: this.state.settings.checkin,
			checkinSource: 'API',
			...fields,
		};
		this.state.visits.set(id, visit);
		return { ...visit };
	}

	// ---- routes ----

	protected routes(app: Express): void {
		app.use('/v1', (req, res, next) => {
			const header = req.headers.authorization;
			if (!header)
				return void this.sendError(res, new ApiError(401, 'MISSING_TOKEN', 'Missing token'));
			if (header !== `Bearer ${this.token}`) {
				return void this.sendError(res, new ApiError(401, 'INVALID_TOKEN', 'Invalid token'));
			}
			next();
		});

		const route = (
			method: 'get' | 'post' | 'put' | 'delete',
			path: string,
			handler: (
				req: Request<Record<string, string>>,
				body: unknown,
			) => { status: number; body: unknown; total?: number },
		) => {
			app[method](path, (req: Request<Record<string, string>>, res: Response) => {
				try {
					const raw = res.locals.rawBody as string;
					let body: unknown;
					if (raw !== '') {
						const parsed = parseJson(raw);
						if (!parsed.ok)
							throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'Malformed JSON request body');
						body = parsed.value;
					}
					const result = handler(req, body);
					if (result.total !== undefined) res.setHeader('X-Total-Count', String(result.total));
					if (result.status === 204) return void res.status(204).end();
					res.status(result.status).json(result.body);
				} catch (error) {
					if (error instanceof ApiError) return void this.sendError(res, error);
					throw error;
				}
			});
		};

		// Contacts
		route('post', '/v1/contacts', (_req, body) => ({
			status: 201,
			body: this.createContact(object(body)),
		}));
		route('get', '/v1/contacts', (req) => {
			let list = [...this.state.contacts.values()];
			const email = str(req.query.email);
			const phone = str(req.query.phone);
			if (email !== undefined) list = list.filter((c) => c.email === email);
			if (phone !== undefined) list = list.filter((c) => c.phone === phone);
			const sort = str(req.query.sort);
			const order = str(req.query.order) === 'ASC' ? 1 : -1;
			const key = sort === 'MODIFIED_DATE' ? 'modifiedDate' : 'registrationDate';
			list.sort((a, b) => compareBy(a, b, key, 'seq') * (sort ? order : -1));
			return this.page(
				req,
				list.map((c) => this.presentContact(c)),
			);
		});
		route('get', '/v1/contacts/custom-fields', () => ({
			status: 200,
			body: this.listCustomFields(),
		}));
		route('post', '/v1/contacts/custom-fields', (_req, body) => ({
			status: 201,
			body: this.createCustomField(body),
		}));
		route('get', '/v1/contacts/:id', (req) => ({
			status: 200,
			body: this.presentContact(this.contact(req.params.id)),
		}));
		route('put', '/v1/contacts/:id', (req, body) => ({
			status: 200,
			body: this.updateContact(req.params.id, object(body)),
		}));
		route('delete', '/v1/contacts/:id', (req) => {
			const contact = this.contact(req.params.id);
			const presented = this.presentContact(contact);
			this.state.contacts.delete(contact.id as string);
			return { status: 200, body: presented };
		});
		route('get', '/v1/contacts/:id/activities', (req) => {
			const contact = this.contact(req.params.id);
			const perPage = perPageOf(req);
			const before = str(req.query.beforeDate);
			const type = str(req.query.type);
			if (type !== undefined && !ACTIVITY_TYPES.includes(type)) {
				throw new ApiError(400, 'ILLEGAL_ARGUMENT', `Invalid activity type: ${type}`);
			}
			let list = this.state.activities.filter((a) => a.contactId === contact.id);
			if (type) list = list.filter((a) => a.activityType === type);
			if (before)
				list = list.filter((a) => (this.beforeDateInclusive ? a.date <= before : a.date < before));
			list.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
			return {
				status: 200,
				body: list
					.slice(0, perPage)
					.map(({ activityType, date, data }) => ({ activityType, date, data })),
			};
		});
		route('put', '/v1/contacts/:id/loyalty-points', (req, body) => {
			const contact = this.contact(req.params.id);
			const input = object(body);
			if (input.pointsValue === undefined || input.pointsValue === null) {
				throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'pointsValue is required');
			}
			if (typeof input.pointsValue !== 'number')
				throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'pointsValue must be a number');
			const total = (contact.loyaltyPointsCount as number) + input.pointsValue;
			if (total < 0) {
				throw new ApiError(
					400,
					'INSUFFICIENT_LOYALTY_POINTS',
					'The contact does not have enough loyalty points',
				);
			}
			contact.loyaltyPointsCount = total;
			this.addActivity(contact.id as string, 'LOYALTY_POINTS', {
				points: input.pointsValue,
				note: input.note ?? null,
			});
			return { status: 201, body: { message: 'Loyalty points updated', code: 201 } };
		});
		route('post', '/v1/contacts/:contactId/notes', (req, body) => {
			const contact = this.contact(req.params.contactId);
			const input = object(body);
			if (typeof input.text !== 'string' || input.text === '') {
				throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'text is required');
			}
			const note = { text: input.text, contactId: contact.id, createdAt: this.timestamp() };
			this.state.notes.push(note);
			this.addActivity(contact.id as string, 'NOTE', { text: input.text });
			return { status: 201, body: note };
		});

		// Custom fields (both path prefixes are documented)
		for (const prefix of ['/v1/custom-fields', '/v1/contacts/custom-fields']) {
			route('post', prefix, (_req, body) => ({ status: 201, body: this.createCustomField(body) }));
			route('get', prefix, () => ({ status: 200, body: this.listCustomFields() }));
			route('put', `${prefix}/:id/name`, (req, body) => {
				const field = this.customField(req.params.id);
				if (typeof body !== 'string' || body.trim() === '') {
					throw new ApiError(
						400,
						'INVALID_CUSTOM_FIELD_NAME',
						'The body must be a JSON string holding the new name',
					);
				}
				if (
					[...this.state.customFields.values()].some((f) => f.name === body && f.id !== field.id)
				) {
					throw new ApiError(400, 'NOT_UNIQUE', `A custom field named "${body}" already exists`);
				}
				field.name = body;
				return { status: 200, body: `Custom field name updated to ${body}` };
			});
			for (const suffix of ['option', 'options']) {
				route('put', `${prefix}/:id/${suffix}`, (req, body) => ({
					status: 200,
					body: this.updateOptions(req.params.id, object(body)),
				}));
			}
		}

		// Texts
		route('post', '/v1/texts', (_req, body) => ({
			status: 201,
			body: this.sendText(object(body)),
		}));
		route('get', '/v1/texts/conversations', (req) => ({
			status: 200,
			body: this.conversation(req),
		}));

		// Visits
		route('post', '/v1/visits/all', (_req, body) => {
			if (!Array.isArray(body))
				throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'The body must be an array of visits');
			// The API answers [] (not an error) when a contactId is missing or unknown.
			if (
				body.some(
					(v) =>
						!isPlainObject(v) ||
						typeof v.contactId !== 'string' ||
						!this.state.contacts.has(v.contactId),
				)
			) {
				return { status: 201, body: [] };
			}
			const inputs = body.map((v) => this.validateVisit(object(v)));
			return { status: 201, body: inputs.map((v) => this.createVisit(v)) };
		});
		route('post', '/v1/visits', (_req, body) => ({
			status: 201,
			body: this.createVisit(this.validateVisit(object(body))),
		}));
		route('get', '/v1/visits/:id', (req) => {
			const visit = this.state.visits.get(req.params.id);
			if (!visit) throw new ApiError(404, 'RESOURCE_NOT_FOUND', `Visit ${req.params.id} not found`);
			return { status: 200, body: { ...visit } };
		});
		route('get', '/v1/visits', (req) => {
			let list = [...this.state.visits.values()];
			const contactId = str(req.query.contactId);
			if (contactId !== undefined) list = list.filter((v) => v.contactId === contactId);
			list.sort((a, b) => compareBy(a, b, 'date', 'id') * -1);
			return this.page(
				req,
				list.map((v) => ({ ...v })),
			);
		});

		// Labels
		route('post', '/v1/labels', (_req, body) => {
			const input = object(body);
			if (typeof input.name !== 'string' || input.name === '')
				throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'name is required');
			if ([...this.state.labels.values()].some((l) => l.name === input.name)) {
				throw new ApiError(
					400,
					'RESOURCE_ALREADY_EXISTS',
					`A label named "${input.name}" already exists`,
				);
			}
			const color = input.color ?? 'GREY';
			if (typeof color !== 'string' || !LABEL_COLORS.includes(color)) {
				throw new ApiError(400, 'ILLEGAL_ARGUMENT', `Unknown label color: ${String(color)}`);
			}
			const label = { id: this.nextId('lb_'), name: input.name, color };
			this.state.labels.set(label.id, label);
			return { status: 201, body: { ...label } };
		});
		route('get', '/v1/labels/:id', (req) => {
			const label = this.state.labels.get(req.params.id);
			if (!label) throw new ApiError(404, 'RESOURCE_NOT_FOUND', `Label ${req.params.id} not found`);
			return { status: 200, body: { ...label } };
		});
		route('get', '/v1/labels', (req) =>
			this.page(
				req,
				[...this.state.labels.values()].map((l) => ({ ...l })),
			),
		);

		// Loyalty (fixed paths before /:id)
		route('get', '/v1/loyalty-rewards/loyalty-settings', () => ({
			status: 200,
			body: { ...this.state.settings },
		}));
		route('put', '/v1/loyalty-rewards/loyalty-settings', (_req, body) => {
			const input = object(body);
			for (const key of ['checkin', 'share', 'review', 'pointsPerDollar']) {
				if (input[key] === undefined) continue;
				if (typeof input[key] !== 'number' || (input[key] as number) < 0) {
					throw new ApiError(400, 'ILLEGAL_ARGUMENT', `${key} must be a non-negative number`);
				}
				this.state.settings[key] = input[key];
			}
			return { status: 200, body: { ...this.state.settings } };
		});
		route('get', '/v1/loyalty-rewards/redeems', (req) => {
			let list = [...this.state.redeems];
			const rewardId = str(req.query.loyaltyRewardId);
			const contactId = str(req.query.contactId);
			if (rewardId !== undefined) list = list.filter((r) => r.loyaltyRewardId === rewardId);
			if (contactId !== undefined) list = list.filter((r) => r.contactId === contactId);
			// The spec documents no order; the real API lists newest first. Tests vary it.
			if (this.redeemOrder === 'newestFirst') list.reverse();
			else if (this.redeemOrder === 'shuffled') list.sort((a, b) => hashOf(a) - hashOf(b));
			return this.page(
				req,
				list.map((r) => ({ ...r })),
			);
		});
		route('post', '/v1/loyalty-rewards', (_req, body) => {
			const input = object(body);
			if (typeof input.title !== 'string' || input.title === '')
				throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'title is required');
			const reward = { id: this.nextId('rw_'), title: input.title, ...this.rewardFields(input) };
			this.state.rewards.set(reward.id, reward);
			return { status: 201, body: this.presentReward(reward) };
		});
		route('get', '/v1/loyalty-rewards/:id', (req) => {
			const reward = this.reward(req.params.id);
			const contactId = str(req.query.contactId);
			return { status: 200, body: this.presentReward(reward, contactId) };
		});
		route('put', '/v1/loyalty-rewards/:id', (req, body) => {
			const reward = this.reward(req.params.id);
			// Omitted parameters become null (type and expires too: their defaults are create's); title is not updatable.
			Object.assign(reward, this.rewardFields(object(body), 'update'));
			return { status: 200, body: this.presentReward(reward) };
		});
		route('delete', '/v1/loyalty-rewards/:id', (req) => {
			const reward = this.reward(req.params.id);
			this.state.rewards.delete(reward.id as string);
			return { status: 200, body: this.presentReward(reward) };
		});
		route('get', '/v1/loyalty-rewards', (req) => {
			const list = [...this.state.rewards.values()].sort((a, b) => compareBy(a, b, 'points', 'id'));
			return this.page(
				req,
				list.map((r) => this.presentReward(r)),
			);
		});
		route('post', '/v1/loyalty-rewards/:id/redeem', (req, body) => {
			const reward = this.reward(req.params.id);
			const input = object(body);
			if (typeof input.contactId !== 'string')
				throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'contactId is required');
			const contact = this.contact(input.contactId);
			const points = reward.points as number;
			if ((contact.loyaltyPointsCount as number) < points) {
				throw new ApiError(
					400,
					'INSUFFICIENT_LOYALTY_POINTS',
					'The contact does not have enough loyalty points',
				);
			}
			const available = this.available(reward, contact.id as string);
			if (available.total === 0 || available.perContact === 0) {
				throw new ApiError(400, 'NOT_AVAILABLE', 'This reward is not available');
			}
			contact.loyaltyPointsCount = (contact.loyaltyPointsCount as number) - points;
			this.state.redeems.push({
				loyaltyRewardId: reward.id,
				contactId: contact.id,
				points,
				date: this.timestamp(),
				employeeId: input.pin ? `emp_${String(input.pin)}` : 'api',
				note: input.note ?? null,
			});
			return { status: 204, body: undefined };
		});

		app.use((_req: Request, res: Response) => {
			this.sendError(res, new ApiError(404, 'RESOURCE_NOT_FOUND', 'No such endpoint'));
		});
	}

	private sendError(res: Response, error: ApiError): void {
		res.status(error.status).json({ errorCode: error.errorCode, message: error.message });
	}

	private page(req: Request, list: unknown[]): { status: number; body: unknown; total?: number } {
		const page = Math.max(1, Number.parseInt(str(req.query.page) ?? '1', 10) || 1);
		const perPage = perPageOf(req);
		return {
			status: 200,
			body: list.slice((page - 1) * perPage, page * perPage),
			total: this.reportTotals ? list.length : undefined,
		};
	}

	// ---- contacts ----

	private newContact(id: string, input: Json): Json {
		const now = this.timestamp();
		this.sequence++;
		return {
			id,
			seq: this.sequence,
			userId: 'usr_owner',
			source: 'API',
			firstName: input.firstName ?? null,
			lastName: input.lastName ?? null,
			phone: input.phone ?? null,
			email: input.email ?? null,
			birthDate: input.birthDate ?? null,
			registrationDate: now,
			modifiedDate: now,
			firstVisitDate: null,
			lastVisitDate: null,
			visitsCount: 0,
			loyaltyPointsCount: input.loyaltyPointsCount ?? 0,
			type: input.type ?? 'ACTIVE',
			description: input.description ?? null,
			refererId: null,
			referrerFirstName: null,
			referrerLastName: null,
			referralDate: null,
			labels: input.labels ?? [],
			unsubscribedFromText: input.unsubscribedFromText ?? false,
			unsubscribedFromEmail: input.unsubscribedFromEmail ?? false,
		};
	}

	private contact(id: string): Json {
		const contact = this.state.contacts.get(id);
		if (!contact) throw new ApiError(404, 'RESOURCE_NOT_FOUND', `Contact ${id} not found`);
		return contact;
	}

	presentContact(contact: Json): Json {
		const { seq: _seq, modifiedDate: _modified, ...rest } = contact;
		const values =
			this.state.contactFieldValues.get(contact.id as string) ?? new Map<string, string>();
		return {
			...rest,
			labels: ((contact.labels as Json[]) ?? []).map((l) => ({
				...this.state.labels.get(l.id as string),
			})),
			customFields: [...this.state.customFields.values()].map((f) =>
				values.has(f.id)
					? { id: f.id, type: f.type, value: values.get(f.id) }
					: { id: f.id, type: f.type },
			),
		};
	}

	private validateContactInput(input: Json): void {
		if (!input.email && !input.phone) {
			throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'Either phone or email is required');
		}
		for (const key of ['firstName', 'lastName', 'phone', 'email', 'description']) {
			if (input[key] !== undefined && input[key] !== null && typeof input[key] !== 'string') {
				throw new ApiError(400, 'ILLEGAL_ARGUMENT', `${key} must be a string`);
			}
		}
		if (
			input.type !== undefined &&
			input.type !== null &&
			!CONTACT_TYPES.includes(input.type as string)
		) {
			throw new ApiError(400, 'ILLEGAL_ARGUMENT', `Invalid contact type: ${String(input.type)}`);
		}
		if (
			input.birthDate !== undefined &&
			input.birthDate !== null &&
			!API_DATE.test(String(input.birthDate))
		) {
			throw new ApiError(
				400,
				'ILLEGAL_ARGUMENT',
				'birthDate must have the format YYYY-MM-DDTHH:MM:SS.SSSZ',
			);
		}
		if (input.labels !== undefined && input.labels !== null) {
			if (!Array.isArray(input.labels))
				throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'labels must be an array');
			for (const label of input.labels) {
				if (!isPlainObject(label) || typeof label.id !== 'string') {
					throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'Each label must be an object with an id');
				}
				if (!this.state.labels.has(label.id))
					throw new ApiError(404, 'RESOURCE_NOT_FOUND', `Label ${label.id} not found`);
			}
		}
		if (input.customFields !== undefined && input.customFields !== null) {
			if (!Array.isArray(input.customFields))
				throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'customFields must be an array');
			for (const value of input.customFields) {
				if (
					!isPlainObject(value) ||
					typeof value.id !== 'string' ||
					!this.state.customFields.has(value.id)
				) {
					throw new ApiError(
						400,
						'ILLEGAL_ARGUMENT',
						'Each custom field needs the id of an existing custom field',
					);
				}
			}
		}
	}

	/**
	 * Whether email and phone must be unique, as on the real API. The side-by-side benchmark
	 * turns it off: it creates the same contacts on each side, and the check is a scan.
	 */
	uniqueContacts = true;

	/**
	 * Whether lists report X-Total-Count. The spec says they do; off, the server behaves as
	 * behind a proxy that drops the header, and the clients must fall back on short pages.
	 */
	reportTotals = true;

	/**
	 * Whether activities' beforeDate includes activities at that instant. The spec is silent;
	 * on: the page after a page that ends on a tie starts with that page's last activities.
	 */
	beforeDateInclusive = false;

	/** How the redeems list is ordered (undocumented; the trigger must not depend on it). */
	redeemOrder: 'newestFirst' | 'oldestFirst' | 'shuffled' = 'newestFirst';

	/** A redeem as the API records it, without the points checks (tests and benchmarks). */
	seedRedeem(fields: {
		loyaltyRewardId: string;
		contactId: string;
		date?: string;
		employeeId?: string;
	}): Json {
		const redeem = { points: 10, note: null, employeeId: 'api', date: this.timestamp(), ...fields };
		this.state.redeems.push(redeem);
		return redeem;
	}

	private assertUnique(input: Json, exceptId?: string): void {
		if (!this.uniqueContacts) return;
		for (const other of this.state.contacts.values()) {
			if (other.id === exceptId) continue;
			if (
				(input.email && other.email === input.email) ||
				(input.phone && other.phone === input.phone)
			) {
				throw new ApiError(
					400,
					'RESOURCE_ALREADY_EXISTS',
					'A contact with this phone or email already exists',
				);
			}
		}
	}

	private applyCustomFields(contactId: string, values: unknown): void {
		if (!Array.isArray(values)) return;
		const stored = this.state.contactFieldValues.get(contactId) ?? new Map<string, string>();
		for (const value of values as Json[]) {
			if (value.value === undefined || value.value === null || value.value === '')
				stored.delete(value.id as string);
			else stored.set(value.id as string, String(value.value));
		}
		this.state.contactFieldValues.set(contactId, stored);
	}

	private createContact(input: Json): Json {
		this.validateContactInput(input);
		this.assertUnique(input);
		const id = this.nextId('ct_');
		const contact = this.newContact(id, {
			...input,
			labels: Array.isArray(input.labels)
				? (input.labels as Json[]).map((l) => ({ id: l.id }))
				: [],
		});
		this.state.contacts.set(id, contact);
		this.applyCustomFields(id, input.customFields);
		return this.presentContact(contact);
	}

	private updateContact(id: string, input: Json): Json {
		const contact = this.contact(id);
		this.validateContactInput(input);
		this.assertUnique(input, id);
		// The API sets every omitted updatable field to null; custom fields merge.
		for (const key of ['firstName', 'lastName', 'phone', 'email', 'birthDate', 'description']) {
			contact[key] = input[key] ?? null;
		}
		contact.type = input.type ?? null;
		contact.labels = Array.isArray(input.labels)
			? (input.labels as Json[]).map((l) => ({ id: l.id }))
			: [];
		contact.unsubscribedFromText = input.unsubscribedFromText ?? null;
		contact.unsubscribedFromEmail = input.unsubscribedFromEmail ?? null;
		contact.modifiedDate = this.timestamp();
		this.applyCustomFields(id, input.customFields);
		return this.presentContact(contact);
	}

	private addActivity(
		contactId: string,
		activityType: string,
		data: Json,
		date = this.timestamp(),
	): void {
		this.state.activities.push({ contactId, activityType, date, data });
	}

	// ---- custom fields ----

	private listCustomFields(): CustomFieldDef[] {
		return [...this.state.customFields.values()].map((f) => structuredClone(f));
	}

	private customField(id: string): CustomFieldDef {
		const field = this.state.customFields.get(id);
		if (!field) throw new ApiError(404, 'RESOURCE_NOT_FOUND', `Custom field ${id} not found`);
		return field;
	}

	private createCustomField(body: unknown): CustomFieldDef {
		const input = object(body);
		if (typeof input.name !== 'string' || input.name === '')
			throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'name is required');
		if (typeof input.type !== 'string' || input.type === '')
			throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'type is required');
		if (!FIELD_TYPES.includes(input.type))
			throw new ApiError(400, 'ILLEGAL_ARGUMENT', `Invalid custom field type: ${input.type}`);
		if ([...this.state.customFields.values()].some((f) => f.name === input.name)) {
			throw new ApiError(400, 'NOT_UNIQUE', `A custom field named "${input.name}" already exists`);
		}
		const field: CustomFieldDef = { id: this.nextId('cf_'), name: input.name, type: input.type };
		if (input.type.endsWith('_select')) {
			field.options = [];
			this.mergeOptions(field, Array.isArray(input.options) ? (input.options as Json[]) : []);
		}
		this.state.customFields.set(field.id, field);
		return structuredClone(field);
	}

	private mergeOptions(field: CustomFieldDef, options: Json[]): void {
		const next = (field.options ?? []).map((o) => ({ ...o }));
		for (const option of options) {
			if (typeof option.value !== 'string' || option.value === '') {
				throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'Each option needs a non-empty value');
			}
			if (option.id !== undefined && option.id !== null && option.id !== '') {
				const existing = next.find((o) => o.id === option.id);
				if (!existing)
					throw new ApiError(404, 'RESOURCE_NOT_FOUND', `Option ${String(option.id)} not found`);
				existing.value = option.value;
			} else {
				next.push({ id: this.nextId('op_'), value: option.value });
			}
		}
		const values = next.map((o) => o.value);
		if (new Set(values).size !== values.length)
			throw new ApiError(400, 'NOT_UNIQUE', 'Option values must be unique');
		field.options = next;
	}

	private updateOptions(id: string, input: Json): CustomFieldDef {
		const field = this.customField(id);
		if (!Array.isArray(input.options))
			throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'options is required');
		this.mergeOptions(field, input.options as Json[]);
		return structuredClone(field);
	}

	// ---- texts ----

	private sendText(input: Json): Json {
		if (typeof input.message !== 'string' || input.message === '')
			throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'message is required');
		let contact: Json | undefined;
		let to: string;
		if (typeof input.customerId === 'string' && input.customerId !== '') {
			contact = this.contact(input.customerId);
			if (!contact.phone)
				throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'The contact has no phone number');
			to = contact.phone as string;
		} else if (typeof input.toPhone === 'string' && input.toPhone !== '') {
			to = input.toPhone;
			contact = [...this.state.contacts.values()].find((c) => c.phone === to);
		} else {
			throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'customerId or toPhone is required');
		}
		if (contact?.unsubscribedFromText) {
			throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'The recipient has unsubscribed from texts');
		}
		if (input.scheduledDate !== undefined && !API_DATE.test(String(input.scheduledDate))) {
			throw new ApiError(
				400,
				'ILLEGAL_ARGUMENT',
				'scheduledDate must have the format YYYY-MM-DDTHH:MM:SS.SSSZ',
			);
		}
		const text = {
			id: this.nextId('tx_'),
			status: 'Sent',
			to,
			contactId: contact?.id as string | undefined,
			message: input.message,
			date: this.timestamp(),
		};
		this.state.texts.push(text);
		if (contact) this.addActivity(contact.id as string, 'TEXT', { content: input.message });
		return { id: text.id, status: text.status };
	}

	/** Seed a text message in a contact's conversation (tests). */
	seedMessage(contactId: string, content: string, date: string, senderContact = false): void {
		const contact = this.contact(contactId);
		this.state.texts.push({
			id: this.nextId('tx_'),
			status: 'Sent',
			to: contact.phone as string,
			contactId,
			message: content,
			date,
			senderContact,
		});
	}

	private conversation(req: Request): Json {
		const customerId = str(req.query.customerId);
		const phone = str(req.query.phone);
		let contact: Json | undefined;
		if (customerId) contact = this.contact(customerId);
		else if (phone) {
			contact = [...this.state.contacts.values()].find((c) => c.phone === phone);
			if (!contact) throw new ApiError(404, 'RESOURCE_NOT_FOUND', `No contact with phone ${phone}`);
		} else throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'customerId or phone is required');
		const before = str(req.query.beforeDate);
		let messages = this.state.texts.filter((t) => t.contactId === contact!.id);
		if (before) messages = messages.filter((t) => t.date < before);
		messages.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
		const latest = messages.slice(-15);
		const groups = new Map<string, Json[]>();
		for (const m of latest) {
			const day = `${m.date.slice(0, 10)}T00:00:00.000Z`;
			const group = groups.get(day) ?? [];
			group.push({
				type: 'text',
				date: m.date,
				status: m.status,
				text: {
					id: m.id,
					content: m.message,
					senderContact: m.senderContact === true,
					isPartOfCampaign: false,
					mediaUrl: null,
					campaignTitle: null,
					generatedByAssistant: false,
					unansweredQuestion: false,
					hasThinkingSteps: false,
				},
			});
			groups.set(day, group);
		}
		return {
			phone: contact.phone,
			// Groups are dated by their first message so that beforeDate = conversation[0].date pages back.
			conversation: [...groups.values()].map((messagesOfDay) => ({
				date: messagesOfDay[0].date,
				messages: messagesOfDay,
			})),
			contacts: [
				{
					contactId: contact.id,
					name: [contact.firstName, contact.lastName].filter(Boolean).join(' '),
					subscribed: !contact.unsubscribedFromText,
					textUnsubscribedSource: contact.unsubscribedFromText ? 'CONTACT' : null,
				},
			],
		};
	}

	// ---- visits ----

	private validateVisit(input: Json): Json {
		if (typeof input.contactId !== 'string' || input.contactId === '') {
			throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'contactId is required');
		}
		this.contact(input.contactId);
		if (input.points !== undefined && typeof input.points !== 'number')
			throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'points must be a number');
		if (input.amountSpent !== undefined && typeof input.amountSpent !== 'number') {
			throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'amountSpent must be a number');
		}
		if (input.date !== undefined) {
			if (typeof input.date !== 'string' || !API_DATE.test(input.date)) {
				throw new ApiError(
					400,
					'ILLEGAL_ARGUMENT',
					'date must have the format YYYY-MM-DDTHH:MM:SS.SSSZ',
				);
			}
			if (new Date(input.date).getTime() > this.now().getTime()) {
				throw new ApiError(400, 'VISIT_DATE_IN_FUTURE', 'The visit date is in the future');
			}
		}
		return input;
	}

	private createVisit(input: Json): Json {
		const contact = this.contact(input.contactId as string);
		const settings = this.state.settings;
		const points =
			typeof input.points === 'number'
				? input.points
				: (settings.checkin as number) +
					Math.floor(((input.amountSpent as number) ?? 0) * (settings.pointsPerDollar as number));
		const visit: Json = {
			id: this.nextId('vi_'),
			date: (input.date as string) ?? this.timestamp(),
			points,
			contactId: contact.id,
			checkinSource: 'API',
		};
		this.state.visits.set(visit.id as string, visit);
		contact.visitsCount = (contact.visitsCount as number) + 1;
		contact.loyaltyPointsCount = (contact.loyaltyPointsCount as number) + points;
		if (!contact.firstVisitDate || (visit.date as string) < (contact.firstVisitDate as string))
			contact.firstVisitDate = visit.date;
		if (!contact.lastVisitDate || (visit.date as string) > (contact.lastVisitDate as string))
			contact.lastVisitDate = visit.date;
		this.addActivity(
			contact.id as string,
			'CHECK_IN',
			{ points, checkinSource: 'API' },
			visit.date as string,
		);
		return { ...visit };
	}

	// ---- rewards ----

	private reward(id: string): Json {
		const reward = this.state.rewards.get(id);
		if (!reward) throw new ApiError(404, 'RESOURCE_NOT_FOUND', `Loyalty reward ${id} not found`);
		return reward;
	}

	/** A reward's fields from a create body (defaults for the omitted) or an update body (null for the omitted). */
	private rewardFields(input: Json, use: 'create' | 'update' = 'create'): Json {
		if (input.points === undefined || input.points === null)
			throw new ApiError(400, 'MISSING_REQUIRED_FIELD', 'points is required');
		if (typeof input.points !== 'number' || input.points < 0)
			throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'points must be a non-negative number');
		const omitted = (createDefault: unknown) => (use === 'create' ? createDefault : null);
		const type = input.type ?? omitted('ITEM');
		if (type !== null && !REWARD_TYPES.includes(type as string))
			throw new ApiError(400, 'ILLEGAL_ARGUMENT', `Invalid reward type: ${String(type)}`);
		const value = input.value ?? null;
		if (value !== null && (typeof value !== 'number' || value < 0))
			throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'value must be a non-negative number');
		if (type === 'PERCENT_DISCOUNT' && typeof value === 'number' && value > 100) {
			throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'A percent discount must be between 0 and 100');
		}
		for (const key of ['startDate', 'expiredDate']) {
			if (input[key] !== undefined && input[key] !== null && !API_DATE.test(String(input[key]))) {
				throw new ApiError(
					400,
					'ILLEGAL_ARGUMENT',
					`${key} must have the format YYYY-MM-DDTHH:MM:SS.SSSZ`,
				);
			}
		}
		const quantity = isPlainObject(input.quantity) ? input.quantity : {};
		return {
			points: input.points,
			quantity: { total: quantity.total ?? null, perContact: quantity.perContact ?? null },
			startDate: input.startDate ?? null,
			expiredDate: input.expiredDate ?? null,
			expires: input.expires ?? omitted(false),
			type,
			value,
			itemId: input.itemId ?? null,
			itemName: input.itemName ?? null,
		};
	}

	private available(
		reward: Json,
		contactId?: string,
	): { total: number | null; perContact: number | null } {
		const quantity = reward.quantity as { total: number | null; perContact: number | null };
		const redeemed = this.state.redeems.filter((r) => r.loyaltyRewardId === reward.id);
		const total = quantity.total === null ? null : Math.max(0, quantity.total - redeemed.length);
		let perContact: number | null = null;
		if (contactId !== undefined && quantity.perContact !== null) {
			perContact = Math.max(
				0,
				quantity.perContact - redeemed.filter((r) => r.contactId === contactId).length,
			);
		}
		return { total, perContact };
	}

	private presentReward(reward: Json, contactId?: string): Json {
		return {
			...structuredClone(reward),
			available: this.available(reward, contactId),
			contactId: contactId ?? null,
		};
	}
}

function object(body: unknown): Json {
	if (body === undefined) return {};
	if (!isPlainObject(body))
		throw new ApiError(400, 'ILLEGAL_ARGUMENT', 'The body must be a JSON object');
	return body;
}

function str(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

/** A stable pseudo-random order of records (for the shuffled redeems list). */
function hashOf(record: Json): number {
	let hash = 7;
	for (const char of JSON.stringify(record)) hash = (hash * 31 + char.charCodeAt(0)) | 0;
	return hash;
}

function perPageOf(req: Request): number {
	const perPage = Number.parseInt(str(req.query.perPage) ?? '30', 10);
	return Math.min(100, Math.max(1, Number.isNaN(perPage) ? 30 : perPage));
}

function compareBy(a: Json, b: Json, key: string, tieBreak: string): number {
	const x = a[key] as string | number;
	const y = b[key] as string | number;
	if (x < y) return -1;
	if (x > y) return 1;
	const p = a[tieBreak] as string | number;
	const q = b[tieBreak] as string | number;
	return p < q ? -1 : p > q ? 1 : 0;
}
