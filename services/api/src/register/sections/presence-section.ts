import { realmPresence, serverTimestamp } from '../../queries/presence-query.js';
import type { SectionBuilder } from '../register-context.js';

/** The `presence` section: everyone's presence (modern with slim_presence), its update id, and the time. */
export const presenceSection: SectionBuilder = async ({ ctx, slimPresence, presenceHistoryLimitDays }) => {
  const answer = await realmPresence(ctx, { modern: slimPresence, since: null, historyDays: presenceHistoryLimitDays });
  return { presences: answer.presences, presence_last_update_id: answer.lastUpdateId, server_timestamp: serverTimestamp(ctx) };
};
