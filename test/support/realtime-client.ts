import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';
import { expectValidEvents, type ReceivedEvent } from './event-schemas.js';
import { type JsonObject, numberField, stringField } from './json-fields.js';
import type { TestServer } from './test-server.js';

/** A registered event queue as a client tracks it: where it is, and what it has acknowledged. */
export interface Queue {
  client: ApiClient;
  queueId: string;
  lastEventId: number;
  /** The register response. */
  state: JsonObject;
}

/** POST /register; the response must be a success with a queue. */
export async function registerQueue(client: ApiClient, params: Record<string, unknown> = {}): Promise<Queue> {
  const res = await client.post('/register', params);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  expect(res.body.queue_id).to.be.a('string');
  return { client, queueId: stringField(res.body, 'queue_id'), lastEventId: numberField(res.body, 'last_event_id'), state: res.body };
}

/** A GET /events in flight; `settled` says whether it has answered yet. */
export interface PendingPoll {
  response: Promise<ApiResponse>;
  settled(): boolean;
}

export function startPoll(queue: Queue, params: Record<string, unknown> = {}): PendingPoll {
  let done = false;
  const response = queue.client
    .get('/events', { queue_id: queue.queueId, last_event_id: queue.lastEventId, ...params })
    .finally(() => {
      done = true;
    });
  // A poll a test leaves waiting is cut when the server stops; that is not a failure.
  response.catch(() => undefined);
  return { response, settled: () => done };
}

/** Validates a successful GET /events answer and acknowledges what it returned. */
export function acceptEvents(queue: Queue, res: ApiResponse): ReceivedEvent[] {
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  expect(res.body.queue_id).to.equal(queue.queueId);
  const events = expectValidEvents(res.body.events);
  if (events.length > 0) queue.lastEventId = events[events.length - 1].id;
  return events;
}

/** What the queue holds right now, without waiting (dont_block=true); acknowledges it. */
export async function drain(queue: Queue): Promise<ReceivedEvent[]> {
  return acceptEvents(queue, await queue.client.get('/events', { queue_id: queue.queueId, last_event_id: queue.lastEventId, dont_block: true }));
}

/** Resolves once the server holds a waiting GET /events on the queue (so the poll truly blocks). */
export async function untilWaiting(server: TestServer, queueId: string, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.ctx.queues.isWaiting(queueId)) return;
    if (Date.now() > deadline) throw new Error(`no poll is waiting on queue ${queueId}`);
    await sleep(5);
  }
}

/** Starts a blocking poll and waits until the server holds it. */
export async function waitingPoll(server: TestServer, queue: Queue): Promise<PendingPoll> {
  const poll = startPoll(queue);
  await untilWaiting(server, queue.queueId);
  return poll;
}

/** The answer of a waiting poll, validated and acknowledged. */
export async function eventsOf(queue: Queue, poll: PendingPoll): Promise<ReceivedEvent[]> {
  return acceptEvents(queue, await poll.response);
}

/** The answer of a waiting poll plus whatever else the same request queued (a poll wakes on the first event). */
export async function allEventsOf(queue: Queue, poll: PendingPoll): Promise<ReceivedEvent[]> {
  return [...(await eventsOf(queue, poll)), ...(await drain(queue))];
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const ofType = (events: readonly ReceivedEvent[], type: string, op?: string): ReceivedEvent[] =>
  events.filter((event) => event.type === type && (op === undefined || event.op === op));

/** Asserts the response is the BAD_EVENT_QUEUE_ID error for `queueId`. */
export function expectBadQueue(res: ApiResponse, queueId: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(400);
  expect(res.body).to.include({ result: 'error', code: 'BAD_EVENT_QUEUE_ID', queue_id: queueId });
  expect(res.body.msg).to.contain(queueId);
}

/** Drains the queue until it is empty: every event it holds, across as many polls as that takes. */
export async function drainAll(queue: Queue): Promise<ReceivedEvent[]> {
  const all: ReceivedEvent[] = [];
  for (let batch = await drain(queue); batch.length > 0; batch = await drain(queue)) all.push(...batch);
  return all;
}
