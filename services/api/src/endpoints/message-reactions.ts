import type { ReactionRequest } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { addReaction, removeReaction } from '../actions/message-reactions.js';
import { callerUser, originOf } from './call-context.js';
import type { Clocked, Commands, Uses } from '../dependencies.js';

const text = (value: unknown): string | undefined => (value === undefined ? undefined : String(value));

function reactionRequest(call: RouteCall): ReactionRequest {
  const p = call.params;
  return { emoji_name: text(p.emoji_name), emoji_code: text(p.emoji_code), reaction_type: text(p.reaction_type) };
}

/** POST /messages/{message_id}/reactions */
export async function addReactionEndpoint(ctx: Commands & Clocked & Uses<'models' | 'organization'>, call: RouteCall): Promise<Record<string, unknown>> {
  const req = reactionRequest(call);
  await addReaction(ctx, originOf(call), await callerUser(ctx, call), Number(call.path.message_id), { ...req, emoji_name: String(call.params.emoji_name) });
  return {};
}

/** DELETE /messages/{message_id}/reactions */
export async function removeReactionEndpoint(ctx: Commands & Clocked & Uses<'models' | 'organization'>, call: RouteCall): Promise<Record<string, unknown>> {
  await removeReaction(ctx, originOf(call), await callerUser(ctx, call), Number(call.path.message_id), reactionRequest(call));
  return {};
}
