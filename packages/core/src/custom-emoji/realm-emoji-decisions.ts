import { badRequest } from '../errors.js';
import type { RealmEmojiAdded, RealmEmojiDeactivated } from '../events/realm-emoji-events.js';
import { isAdminRole } from '../roles.js';
import { emojiImageType } from './emoji-image.js';
import { activeEmojiNamed, checkEmojiName, emojiDoesNotExist, type RealmEmojiContext, requireCanAddEmoji, requireCanDeactivate } from './realm-emoji-rules.js';

const MIB = 1024 * 1024;

export interface AddRealmEmoji {
  emoji_id: number;
  /** The name as sent in the path. */
  name: string;
  /** The uploaded files (exactly one is needed): each one's size and first bytes (16 are enough to tell its type). */
  files: readonly { size: number; head: Uint8Array }[];
  maxMib: number;
}

/**
 * POST /realm/emoji/{emoji_name}, checked in the public API's order: the name, the permission, the
 * name's availability, the file count, a built-in name (administrators only), the size, the image.
 */
export function decideAddRealmEmoji(ctx: RealmEmojiContext, cmd: AddRealmEmoji): RealmEmojiAdded[] {
  const name = checkEmojiName(cmd.name);
  requireCanAddEmoji(ctx);
  if (activeEmojiNamed(ctx.emoji, name)) throw badRequest('A custom emoji with this name already exists.');
  if (cmd.files.length !== 1) throw badRequest('You must upload exactly one file.');
  if (ctx.isBuiltInName(name) && !isAdminRole(ctx.actor.role)) throw badRequest('Only administrators can override default emoji.');
  const { size, head } = cmd.files[0];
  if (size > cmd.maxMib * MIB) throw badRequest(`Uploaded file is larger than the allowed limit of ${cmd.maxMib} MiB`);
  const image = emojiImageType(head);
  if (image === null) throw badRequest('Invalid image format');
  const data = { emoji_id: cmd.emoji_id, name, author_id: ctx.actor.user_id, file_name: `${cmd.emoji_id}.${image.ext}`, content_type: image.type, size };
  return [{ type: 'RealmEmojiAdded', data }];
}

/** DELETE /realm/emoji/{emoji_name}: an unknown (or already deactivated) name is a 404 before any permission check. */
export function decideDeactivateRealmEmoji(ctx: RealmEmojiContext, name: string): RealmEmojiDeactivated[] {
  const emoji = activeEmojiNamed(ctx.emoji, name);
  if (!emoji) throw emojiDoesNotExist(name);
  requireCanDeactivate(ctx, emoji);
  return [{ type: 'RealmEmojiDeactivated', data: { emoji_id: emoji.id } }];
}
