import type { RouteCall } from '@chat/http';
import { addPlayground, removePlayground } from '../actions/playgrounds.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Commands, LogReads, Reads } from '../dependencies.js';

const optionalString = (value: unknown): string | undefined => (value === undefined ? undefined : String(value));

/** POST /realm/playgrounds */
export async function addPlaygroundEndpoint(ctx: Commands & Allocates & LogReads & Reads<'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const input = { name: optionalString(p.name), pygments_language: optionalString(p.pygments_language), url_template: optionalString(p.url_template) };
  return { id: await addPlayground(ctx, originOf(call), actor, input) };
}

/** DELETE /realm/playgrounds/{playground_id} */
export async function removePlaygroundEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await removePlayground(ctx, originOf(call), actor, Number(call.path.playground_id));
  return {};
}
