import type { ServerResponse } from 'node:http';
import { realmEmojiStoragePath } from '@chat/core';
import { type CallOf, HANDLED, type RouteResult } from '@chat/http';
import { uploadNotFound as notFound } from '../queries/upload-access.js';
import type { Reads, Uses } from '../dependencies.js';

/** The image of a custom emoji (deactivated ones too: old messages and reactions still show them). */
async function serveRealmEmoji(ctx: Reads<'realmEmoji'> & Uses<'uploads'>, fileName: string, res: ServerResponse): Promise<void> {
  const id = /^([1-9]\d*)\./.exec(fileName)?.[1];
  const emoji = id === undefined ? undefined : await ctx.models.realmEmoji.get(Number(id));
  if (!emoji || emoji.file_name !== fileName) throw notFound();
  const bytes = await ctx.uploads.get(realmEmojiStoragePath(fileName));
  if (!bytes) throw notFound();
  res.writeHead(200, {
    'Content-Type': emoji.content_type,
    'Content-Length': String(emoji.size),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    // An emoji's image never changes: a new upload gets a new id.
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
  bytes.pipe(res);
}

/**
 * GET /user_avatars/<realm>/emoji/images/<file>: custom emoji images, outside /api/v1 (the `source_url`
 * of each emoji points here) and without credentials, as in the public API.
 */
export async function realmEmojiImagePage(ctx: Reads<'realmEmoji'> & Uses<'uploads'>, call: CallOf<'realm-emoji-image-page'>): Promise<RouteResult> {
  const { file, realm } = call.path;
  if (`${realm}/emoji/images/${file}` !== realmEmojiStoragePath(file)) throw notFound();
  await serveRealmEmoji(ctx, file, call.raw.res);
  return HANDLED;
}
