import type { CallOf } from '@chat/http';
import { auditFilterOf, auditTrail } from '@chat/projections/history/index';
import type { Commands, Reads, Uses } from '../dependencies.js';
import { admitQuestion } from './history-access.js';

/**
 * GET /audit/trail (an extension of the API, owners only): administrative changes, oldest first,
 * filtered by actor, target user, channel, kind and time window, a page at a time (`after` the
 * previous page's `next_after`), each with its actor, request, client and values before and after.
 */
export async function auditTrailEndpoint(ctx: Reads<'users'> & Commands & Uses<'history'>, call: CallOf<'audit-trail'>): Promise<Record<string, unknown>> {
  const filter = await admitQuestion(ctx, call, 'audit_trail', () => auditFilterOf(call.params));
  const entries = await ctx.history.source.entries();
  const page = await auditTrail(ctx.history.organization, filter, entries);
  return { entries: page.entries, next_after: page.next_after };
}
