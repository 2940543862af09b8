import { userTopicView } from '@chat/wire';
import type { SectionBuilder } from '../register-context.js';

/**
 * The `user_topics` section (event type `user_topic`): the viewer's visibility policies, by channel
 * id and then topic as shown. It replaces the legacy `muted_topics`, which this server does not send.
 */
export const userTopicsSection: SectionBuilder = async ({ ctx, viewer, capabilities }) => {
  const views = (await ctx.models.userTopics.findMany('user_id', viewer.user_id)).map((state) => userTopicView(state, capabilities.empty_topic_name));
  views.sort((a, b) => a.stream_id - b.stream_id || (a.topic_name < b.topic_name ? -1 : a.topic_name > b.topic_name ? 1 : 0));
  return { user_topics: views };
};
