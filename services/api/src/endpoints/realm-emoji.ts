import type { CallOf, FileUploadLimits } from '@chat/http';
import { badRequest } from '@chat/core';
import { realmEmojiDict } from '@chat/wire';
import { addRealmEmoji, deactivateRealmEmoji } from '../actions/realm-emoji.js';
import type { Config } from '../config.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What uploadRealmEmojiEndpoint uses. */
type UploadRealmEmojiEndpointDeps = Commands & Configured & Allocates & LogReads & Reads<'users'> & Uses<'organization' | 'uploads'>;
/** What deactivateRealmEmojiEndpoint uses. */
type DeactivateRealmEmojiEndpointDeps = Commands & LogReads & Reads<'users'> & Uses<'organization'>;

/** What POST /realm/emoji/{emoji_name} lets through while streaming: one file up to the configured size. */
export const emojiUploadLimits = (config: Config): FileUploadLimits => ({
  maxBytes: config.maxEmojiMib * 1024 * 1024,
  tooLarge: () => badRequest(`Uploaded file is larger than the allowed limit of ${config.maxEmojiMib} MiB`),
});

/** GET /realm/emoji: every custom emoji by id, deactivated ones included. */
export async function listRealmEmoji(ctx: Reads<'realmEmoji' | 'users'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  await callerUser(ctx, call);
  return { emoji: realmEmojiDict(await ctx.models.realmEmoji.all()) };
}

/** POST /realm/emoji/{emoji_name}: the image is the one file part, under any field name. */
export async function uploadRealmEmojiEndpoint(ctx: UploadRealmEmojiEndpointDeps, call: CallOf<'realm-emoji-upload'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await addRealmEmoji(ctx, originOf(call), actor, call.path.emoji_name, call.files);
  return {};
}

/** DELETE /realm/emoji/{emoji_name} */
export async function deactivateRealmEmojiEndpoint(ctx: DeactivateRealmEmojiEndpointDeps, call: CallOf<'realm-emoji-deactivate'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await deactivateRealmEmoji(ctx, originOf(call), actor, call.path.emoji_name);
  return {};
}
