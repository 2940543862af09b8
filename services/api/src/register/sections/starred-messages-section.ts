import { FlagBit } from '@chat/core';
import type { SectionBuilder } from '../register-context.js';

/** `starred_messages`: ids of the messages the viewer starred, ascending (kept current by update_message_flags). */
export const starredMessagesSection: SectionBuilder = async ({ ctx, viewer }) => ({
  starred_messages: await ctx.models.messages.matching({ userId: viewer.user_id, source: { kind: 'history' }, where: [{ op: 'flags', bits: FlagBit.starred }] }),
});
