import type { CallOf } from '@chat/http';
import { addPlayground, removePlayground } from '../actions/playgrounds.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Commands, LogReads, Reads } from '../dependencies.js';

/** POST /realm/playgrounds */
export async function addPlaygroundEndpoint(ctx: Commands & Allocates & LogReads & Reads<'users'>, call: CallOf<'playground-add'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const input = { name: p.name, pygments_language: p.pygments_language, url_template: p.url_template };
  return { id: await addPlayground(ctx, originOf(call), actor, input) };
}

/** DELETE /realm/playgrounds/{playground_id} */
export async function removePlaygroundEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: CallOf<'playground-remove'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await removePlayground(ctx, originOf(call), actor, call.path.playground_id);
  return {};
}
