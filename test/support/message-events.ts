import { expect } from 'chai';
import { type ApiClient, type ApiResponse, formEncode } from './api-client.js';
import type { ReceivedEvent } from './event-schemas.js';
import { arrayField, type JsonObject, objectField } from './json-fields.js';
import { drain, ofType, type Queue } from './realtime-client.js';

/** The message events the queue holds now (validated by their schema), acknowledged. */
export async function messageEvents(queue: Queue): Promise<ReceivedEvent[]> {
  return ofType(await drain(queue), 'message');
}

/** The one message event the queue holds now; other event types are ignored. */
export async function onlyMessageEvent(queue: Queue): Promise<ReceivedEvent> {
  const events = await messageEvents(queue);
  expect(events, JSON.stringify(events)).to.have.length(1);
  return events[0];
}

/** The message record a message event carries. */
export const recordOf = (event: ReceivedEvent): JsonObject => objectField(event, 'message');

/** A message event's flags, sorted. */
export const flagsOf = (event: ReceivedEvent): string[] => arrayField(event, 'flags').map(String).sort();

/** The one message event of each queue, for the message `id`: the record and that receiver's flags. */
export async function receivedBy(queues: readonly Queue[], id: number): Promise<{ record: JsonObject; flags: string[] }[]> {
  const received = [];
  for (const queue of queues) {
    const event = await onlyMessageEvent(queue);
    const record = recordOf(event);
    expect(record.id).to.equal(id);
    received.push({ record, flags: flagsOf(event) });
  }
  return received;
}

/** POST /messages with a User-Agent of the client's choosing (the read_by_sender heuristic reads it). */
export function sendAs(client: ApiClient, userAgent: string, params: Record<string, unknown>): Promise<ApiResponse> {
  return client.request('POST', '/messages', formEncode(params), { 'User-Agent': userAgent });
}
