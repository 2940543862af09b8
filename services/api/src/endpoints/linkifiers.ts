import type { CallOf } from '@chat/http';
import { linkifierList } from '@chat/wire';
import { addLinkifier, removeLinkifier, reorderLinkifiers, updateLinkifier } from '../actions/linkifiers.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Commands, LogReads, Reads } from '../dependencies.js';

const linkifierInput = ({ pattern, url_template }: { pattern?: string; url_template?: string }) => ({ pattern, url_template });

/** GET /realm/linkifiers: every user may read them, in processing order. */
export async function listLinkifiers(ctx: Reads<'linkifiers' | 'users'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  await callerUser(ctx, call);
  return { linkifiers: linkifierList(await ctx.models.linkifiers.all()) };
}

/** POST /realm/filters */
export async function addLinkifierEndpoint(ctx: Commands & Allocates & LogReads & Reads<'users'>, call: CallOf<'linkifier-add'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  return { id: await addLinkifier(ctx, originOf(call), actor, linkifierInput(call.params)) };
}

/** PATCH /realm/filters/{filter_id} */
export async function updateLinkifierEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: CallOf<'linkifier-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await updateLinkifier(ctx, originOf(call), actor, call.path.filter_id, linkifierInput(call.params));
  return {};
}

/** DELETE /realm/filters/{filter_id} */
export async function removeLinkifierEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: CallOf<'linkifier-remove'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await removeLinkifier(ctx, originOf(call), actor, call.path.filter_id);
  return {};
}

/** PATCH /realm/linkifiers */
export async function reorderLinkifiersEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: CallOf<'linkifiers-reorder'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const order = call.params.ordered_linkifier_ids;
  await reorderLinkifiers(ctx, originOf(call), actor, order);
  return {};
}
