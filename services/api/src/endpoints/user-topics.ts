import type { RouteCall } from '@chat/http';
import { updateUserTopic } from '../actions/user-topics.js';
import type { ServerContext } from '../server-context.js';
import { callerUser, originOf } from './call-context.js';

/** POST /user_topics */
export async function updateUserTopicEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  const p = call.params;
  await updateUserTopic(ctx, originOf(call), user.user_id, {
    channel_id: Number(p.stream_id),
    topic: String(p.topic),
    visibility_policy: Number(p.visibility_policy),
  });
  return {};
}
