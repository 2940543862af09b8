import { ApiError } from '@chat/core';
import { type CallOf, HANDLED, JsonText, type RouteCall, type RouteResult } from '@chat/http';
import type { ClientEvent, EventQueue, FeedEntry } from '@chat/realtime';
import { isShaped, shapeEvent, shapeKey } from '@chat/wire';
import type { Uses } from '../dependencies.js';

export const badQueue = (queueId: string): ApiError =>
  new ApiError('BAD_EVENT_QUEUE_ID', 400, `Bad event queue ID: ${queueId}`, { queue_id: queueId });

/**
 * JSON built once per event object, shared by every user and queue it goes to (a channel message's
 * event is one object for all recipients with the same flags); message events once per shape.
 */
const serialized = new WeakMap<ClientEvent, string>();
const shapedJson = new WeakMap<ClientEvent, Map<string, string>>();

/** A message event in the shape this queue asked for (Markdown or HTML, avatars, the empty topic), serialized once per shape. */
function shapedEventJson(event: ClientEvent, queue: EventQueue): string {
  let variants = shapedJson.get(event);
  if (!variants) {
    variants = new Map();
    shapedJson.set(event, variants);
  }
  const shape = { applyMarkdown: queue.spec.applyMarkdown, clientGravatar: queue.spec.clientGravatar, emptyTopicName: queue.spec.capabilities.empty_topic_name };
  const key = shapeKey(shape);
  let json = variants.get(key);
  if (json === undefined) {
    json = JSON.stringify(shapeEvent(event, shape).event);
    variants.set(key, json);
  }
  return json;
}

/** An event's JSON with this queue's id for it; a shared feed stores the unshaped ones serialized already. */
function eventJson(entry: FeedEntry, queue: EventQueue): string {
  const { event } = entry;
  let json = isShaped(event) ? shapedEventJson(event, queue) : (entry.json ?? serialized.get(event));
  if (json === undefined) {
    json = JSON.stringify(event);
    serialized.set(event, json);
  }
  return `${json.slice(0, -1)},"id":${entry.seq}}`;
}

/**
 * A poll's answer fields, for the envelope every view's answer gets (the route runner's successBody):
 * the events serialized per queue (each event's JSON is shared, only its id differs), spliced in as they are.
 */
function eventsAnswer(queue: EventQueue, entries: readonly FeedEntry[]): Record<string, unknown> {
  return { events: new JsonText(`[${entries.map((entry) => eventJson(entry, queue)).join(',')}]`), queue_id: queue.id };
}

/** What arrives next on the queue (events, or a heartbeat), or null once the client has gone away. */
function nextEntries(ctx: Uses<'queues'>, queue: EventQueue, { req, res }: RouteCall['raw']): Promise<readonly FeedEntry[] | null> {
  return new Promise((resolve) => {
    const cancel = ctx.queues.wait(queue, (arrived) => resolve(res.writableEnded || res.destroyed ? null : arrived));
    req.on('close', () => {
      if (res.writableEnded) return;
      cancel();
      resolve(null);
    });
  });
}

async function queueOf(ctx: Uses<'queues'>, call: RouteCall<{ queue_id: string }>): Promise<EventQueue> {
  const queueId = call.params.queue_id;
  const queue = call.caller ? await ctx.queues.get(queueId, call.caller.user_id) : null;
  if (!queue) throw badQueue(queueId);
  return queue;
}

/** GET /events: acknowledges up to last_event_id and answers with what follows, waiting if there is nothing. */
export async function getEvents(ctx: Uses<'queues'>, call: CallOf<'events-get'>): Promise<RouteResult> {
  const queue = await queueOf(ctx, call);
  const lastEventId = call.params.last_event_id ?? queue.lastAcked;
  const entries = await ctx.queues.take(queue, lastEventId);
  if (entries.length > 0 || call.params.dont_block === true) return eventsAnswer(queue, entries);
  const arrived = await nextEntries(ctx, queue, call.raw);
  return arrived === null ? HANDLED : eventsAnswer(queue, arrived);
}

/** DELETE /events */
export async function deleteQueue(ctx: Uses<'queues'>, call: CallOf<'events-delete'>): Promise<RouteResult> {
  await ctx.queues.remove(await queueOf(ctx, call));
  return {};
}
