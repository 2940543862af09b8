import { mutedTopicsOf } from '@chat/projections';
import type { SectionBuilder } from '../register-context.js';

/**
 * The legacy `muted_topics` section: [channel name, topic, when muted] for each muted topic. As in
 * the public API it is left out when the client asked for `user_topic`, which replaces it.
 */
export const mutedTopicsSection: SectionBuilder = async ({ ctx, viewer, capabilities, fetchTypes }) => {
  if (fetchTypes !== null && fetchTypes.includes('user_topic')) return {};
  return { muted_topics: await mutedTopicsOf(ctx.models, viewer.user_id, capabilities.empty_topic_name) };
};
