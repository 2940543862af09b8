import { type HistoryQuestion, streams } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { AS_READ } from '../commands/command-bus.js';
import type { Commands } from '../dependencies.js';
import { originOf } from './call-context.js';

type Parameters = Record<string, string | number | boolean | null | (string | number | null)[]>;

/** The parameters as asked, without undefined ones, lists and scalars as they came. */
function asked(params: Record<string, unknown>): Parameters {
  const parameters: Parameters = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) parameters[name] = value.map((item) => (typeof item === 'number' || item === null ? item : String(item)));
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) parameters[name] = value;
    else parameters[name] = String(value);
  }
  return parameters;
}

/**
 * Records that the caller asked a history question (HistoryQueried on their historyqueries stream)
 * before it is answered: every use of the history tools is itself in the log.
 */
export async function recordQuestion(ctx: Commands, call: RouteCall, question: HistoryQuestion): Promise<void> {
  const userId = call.caller?.user_id;
  if (userId === undefined) return;
  await ctx.bus.run(originOf(call), async () => ({
    appends: [{ stream: streams.historyQueries(userId), expected: AS_READ, events: [{ type: 'HistoryQueried', data: { question, parameters: asked({ ...call.params, ...call.path }) } }] }],
    result: undefined,
  }));
}
