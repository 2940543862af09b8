import { badRequest } from '@chat/core';
import type { CallOf } from '@chat/http';
import { DEFAULT_PRESENCE_HISTORY_DAYS, LEGACY_PRESENCE_CLIENT, legacyStatus } from '@chat/realtime';
import { updatePresence } from '../actions/update-presence.js';
import { realmPresence, serverTimestamp, sharesPresence } from '../queries/presence-query.js';
import { callerUser } from './call-context.js';
import { resolveUser } from './users-read.js';
import type { Clocked, Configured, Reads, Uses } from '../dependencies.js';

/** What updatePresenceEndpoint uses. */
type UpdatePresenceEndpointDeps = Clocked & Configured & Reads<'users'> & Uses<'organization' | 'presence' | 'queues'>;

/**
 * POST /users/me/presence: records the caller's ping and, unless `ping_only`, answers with everyone's
 * presence. Passing `last_update_id` asks for changes only, always in the modern format.
 * `new_user_input` is accepted; no usage statistics are kept from it.
 */
export async function updatePresenceEndpoint(ctx: UpdatePresenceEndpointDeps, call: CallOf<'presence-update'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  const p = call.params;
  await updatePresence(ctx, user, p.status);
  if (p.ping_only === true) return { zephyr_mirror_active: false };
  const since = p.last_update_id ?? null;
  const answer = await realmPresence(ctx, {
    modern: p.slim_presence === true || since !== null,
    since,
    historyDays: p.history_limit_days ?? DEFAULT_PRESENCE_HISTORY_DAYS,
  });
  return {
    presences: answer.presences,
    server_timestamp: serverTimestamp(ctx),
    presence_last_update_id: answer.lastUpdateId,
    zephyr_mirror_active: false,
  };
}

/** GET /realm/presence: everyone's presence in the legacy format, keyed by email. */
export async function getRealmPresence(ctx: Clocked & Configured & Reads<'users'> & Uses<'organization' | 'presence'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  await callerUser(ctx, call);
  const answer = await realmPresence(ctx, { modern: false, since: null, historyDays: DEFAULT_PRESENCE_HISTORY_DAYS });
  return { presences: answer.presences, server_timestamp: serverTimestamp(ctx) };
}

/** GET /users/{user_id_or_email}/presence: one user's presence, per client and aggregated. */
export async function getUserPresence(ctx: Configured & Reads<'users'> & Uses<'presence'>, call: CallOf<'presence-user-get'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const segment = call.path.user_id_or_email;
  const user = await resolveUser(ctx, viewer, segment);
  const entry = ctx.presence.get(user.user_id);
  if (!entry || !sharesPresence(user)) throw badRequest(`No presence data for ${segment}`);
  const status = legacyStatus(entry);
  return { presence: { [LEGACY_PRESENCE_CLIENT]: status, aggregated: status } };
}
