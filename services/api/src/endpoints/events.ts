import type { ServerResponse } from 'node:http';
import { ApiError } from '@chat/core';
import { HANDLED, type RouteCall, type RouteResult } from '@chat/http';
import type { EventQueue, FeedEntry } from '@chat/realtime';
import type { ServerContext } from '../server-context.js';

export const badQueue = (queueId: string): ApiError =>
  new ApiError('BAD_EVENT_QUEUE_ID', 400, `Bad event queue ID: ${queueId}`, { queue_id: queueId });

const serialized = new WeakMap<FeedEntry, string>();

/**
 * An event's JSON is built once per entry and shared by every queue it goes to; only the id differs.
 * A shared feed stores it serialized already.
 */
function eventJson(entry: FeedEntry): string {
  let json = entry.json ?? serialized.get(entry);
  if (json === undefined) {
    json = JSON.stringify(entry.event);
    serialized.set(entry, json);
  }
  return `${json.slice(0, -1)},"id":${entry.seq}}`;
}

export function writeEvents(res: ServerResponse, queue: EventQueue, entries: readonly FeedEntry[]): void {
  const body = `{"result":"success","msg":"","events":[${entries.map(eventJson).join(',')}],"queue_id":${JSON.stringify(queue.id)}}`;
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

async function queueOf(ctx: ServerContext, call: RouteCall): Promise<EventQueue> {
  const queueId = String(call.params.queue_id);
  const queue = call.caller ? await ctx.queues.get(queueId, call.caller.user_id) : null;
  if (!queue) throw badQueue(queueId);
  return queue;
}

/** GET /events: acknowledges up to last_event_id and answers with what follows, waiting if there is nothing. */
export async function getEvents(ctx: ServerContext, call: RouteCall): Promise<RouteResult> {
  const queue = await queueOf(ctx, call);
  const lastEventId = typeof call.params.last_event_id === 'number' ? call.params.last_event_id : queue.lastAcked;
  const entries = await ctx.queues.take(queue, lastEventId);
  const { req, res } = call.raw;
  if (entries.length > 0 || call.params.dont_block === true) {
    writeEvents(res, queue, entries);
    return HANDLED;
  }
  const cancel = ctx.queues.wait(queue, (arrived) => {
    if (!res.writableEnded && !res.destroyed) writeEvents(res, queue, arrived);
  });
  req.on('close', () => {
    if (!res.writableEnded) cancel();
  });
  return HANDLED;
}

/** DELETE /events */
export async function deleteQueue(ctx: ServerContext, call: RouteCall): Promise<RouteResult> {
  await ctx.queues.remove(await queueOf(ctx, call));
  return {};
}
