/**
 * What an event of the Check Monitor Trigger is to the node's poll, which runs it: the
 * requests it is given, and what it does with them. The node's poll keeps the event's state
 * in the node's static data and starts it as n8n's schedulers allow (nodes/shared/keptStart.ts);
 * an event does neither.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/** The requests of one poll (pollRequests.ts makes them: through apiRequest, paced, timed). */
export interface PollRequests {
	get(url: string, qs?: IDataObject, text?: boolean): Promise<unknown>;
	/** A GET, with when the server answered (UNIX seconds): its Date header, else this machine's clock. */
	getDated(url: string, qs?: IDataObject): Promise<{ body: unknown; at: number }>;
	/** Whether another read fits in this poll: the first read always does. */
	roomForRead(): boolean;
	/** Counts a read against the poll (a flips or pings read; the list and the check reads that go with a read are not counted). */
	countRead(): void;
	/** When the poll must stop reading (ms since the epoch). */
	readonly deadline: number;
}

/** Every event's state names its event and filter: a poll that finds another key starts afresh. */
export interface KeyedState {
	key: string;
}

export interface CheckEvent<State extends KeyedState> {
	/** Where the state lives in the node's static data. */
	field: 'state' | 'pingState' | 'lateState';
	key: string;
	/** Fetch Test Event (any run that is not the active poll): a recent record; no state. */
	sample(): Promise<INodeExecutionData[] | null>;
	/**
	 * The start, at activation: the state to go on from; it emits nothing. `at`: when the start
	 * is on the server's clock (UNIX seconds), when the event reads it.
	 */
	start(): Promise<{ state: State; at?: number }>;
	/** A poll from the stored state: what is new, and the state to write (`stored` itself: none). */
	poll(stored: State): Promise<{ items: INodeExecutionData[]; state: State }>;
}
