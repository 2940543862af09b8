import type { ServerResponse } from 'node:http';
import { ApiError } from '@chat/core';
import { HANDLED, type RouteCall, type RouteResult } from '@chat/http';
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

export function writeEvents(res: ServerResponse, queue: EventQueue, entries: readonly FeedEntry[], ignored: readonly string[]): void {
  const unsupported = ignored.length > 0 ? `,"ignored_parameters_unsupported":${JSON.stringify(ignored)}` : '';
  const body = `{"result":"success","msg":"","events":[${entries.map((entry) => eventJson(entry, queue)).join(',')}],"queue_id":${JSON.stringify(queue.id)}${unsupported}}`;
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

async function queueOf(ctx: Uses<'queues'>, call: RouteCall): Promise<EventQueue> {
  const queueId = String(call.params.queue_id);
  const queue = call.caller ? await ctx.queues.get(queueId, call.caller.user_id) : null;
  if (!queue) throw badQueue(queueId);
  return queue;
}

/** GET /events: acknowledges up to last_event_id and answers with what follows, waiting if there is nothing. */
export async function getEvents(ctx: Uses<'queues'>, call: RouteCall): Promise<RouteResult> {
  const queue = await queueOf(ctx, call);
  const lastEventId = typeof call.params.last_event_id === 'number' ? call.params.last_event_id : queue.lastAcked;
  const entries = await ctx.queues.take(queue, lastEventId);
  const { req, res } = call.raw;
  if (entries.length > 0 || call.params.dont_block === true) {
    writeEvents(res, queue, entries, call.ignored);
    return HANDLED;
  }
  const cancel = ctx.queues.wait(queue, (arrived) => {
    if (!res.writableEnded && !res.destroyed) writeEvents(res, queue, arrived, call.ignored);
  });
  req.on('close', () => {
    if (!res.writableEnded) cancel();
  });
  return HANDLED;
}

/** DELETE /events */
export async function deleteQueue(ctx: Uses<'queues'>, call: RouteCall): Promise<RouteResult> {
  await ctx.queues.remove(await queueOf(ctx, call));
  return {};
}
