import { open } from 'node:fs/promises';
import {
  decideAddRealmEmoji,
  decideDeactivateRealmEmoji,
  type DomainEvent,
  evolveRealmEmoji,
  isUserInSetting,
  REALM_EMOJI_EVENT_TYPES,
  type RealmEmojiContext,
  type RealmEmojiState,
  realmEmojiStoragePath,
  streams,
  type UserState,
  worldOf,
} from '@chat/core';
import { EXTRA_EMOJI_NAMES, unicodeEmojiCode } from '@chat/markdown';
import type { Origin } from '../commands/command-bus.js';
import { foldedStream } from '../commands/folded-stream.js';
import type { Allocates, Commands, Configured, LogReads, Uses } from '../dependencies.js';

/** What changeRealmEmoji uses. */
type ChangeRealmEmojiDeps = Commands & LogReads & Uses<'organization'>;
/** What addRealmEmoji uses. */
type AddRealmEmojiDeps = Commands & Configured & Allocates & LogReads & Uses<'organization' | 'uploads'>;

/** Built-in names a custom emoji may take only when an administrator adds it. */
const isBuiltInName = (name: string): boolean => unicodeEmojiCode(name) !== undefined || EXTRA_EMOJI_NAMES.has(name);

/** Decides on the custom emoji as their stream tells them, with the actor's permission as the organization stands. */
async function changeRealmEmoji(ctx: ChangeRealmEmojiDeps, origin: Origin, actor: UserState, decide: (rc: RealmEmojiContext) => Promise<DomainEvent[]>): Promise<void> {
  const stream = streams.realmEmoji();
  await ctx.bus.run(origin, async () => {
    const { state, expected } = await foldedStream(ctx.store, stream, REALM_EMOJI_EVENT_TYPES, [] as RealmEmojiState[], evolveRealmEmoji);
    const org = await ctx.organization.current();
    const world = org.derived('group-world', () => worldOf(org.groups.values(), org.users.values()));
    const canAddEmoji = isUserInSetting(world, org.realm.can_add_custom_emoji_group, actor.user_id);
    const events = await decide({ actor, canAddEmoji, emoji: state, isBuiltInName });
    return { appends: [{ stream, expected, events }], result: undefined };
  });
}

/**
 * POST /realm/emoji/{emoji_name}: the image is stored before the emoji is recorded, so an emoji is
 * never visible without its image (a failed append leaves only unreferenced bytes behind).
 */
export async function addRealmEmoji(ctx: AddRealmEmojiDeps, origin: Origin, actor: UserState, name: string, files: readonly ReceivedImage[]): Promise<void> {
  const emojiId = await ctx.ids.next('realm_emoji');
  const received = await Promise.all(files.map(async (file) => ({ size: file.size, head: await headOf(file.path) })));
  let stored = false;
  await changeRealmEmoji(ctx, origin, actor, async (rc) => {
    const events = decideAddRealmEmoji(rc, { emoji_id: emojiId, name, files: received, maxMib: ctx.config.maxEmojiMib });
    // The same id names the same file on a retry after a lost race: it is moved into place only once.
    for (const event of events) {
      if (event.type === 'RealmEmojiAdded' && !stored) await ctx.uploads.put(realmEmojiStoragePath(event.data.file_name), files[0].path);
      stored = true;
    }
    return events;
  });
}

/** A received file part: its size and where its bytes wait. */
export interface ReceivedImage {
  size: number;
  path: string;
}

/** The first bytes of a file, which tell an image's type. */
async function headOf(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const head = new Uint8Array(16);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** DELETE /realm/emoji/{emoji_name}: the image stays, for the messages and reactions that show it. */
export const deactivateRealmEmoji = (ctx: ChangeRealmEmojiDeps, origin: Origin, actor: UserState, name: string): Promise<void> =>
  changeRealmEmoji(ctx, origin, actor, async (rc) => decideDeactivateRealmEmoji(rc, name));
