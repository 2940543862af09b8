import { type CallOf, HANDLED, type RouteResult } from '@chat/http';
import { unicodeEmojiCodeToNames } from '@chat/markdown';

/** Where the register's `server_emoji_data_url` points: the unicode emoji this server accepts. */
export const EMOJI_DATA_PATH = '/static/generated/emoji/emoji_api.json';

let body: string | null = null;

/**
 * GET /static/generated/emoji/emoji_api.json: `{"code_to_names": {code: [canonical name, ...aliases]}}`,
 * public like the rest of the static files, and cacheable (it changes only with a new server version).
 */
export async function emojiDataPage(_ctx: unknown, call: CallOf<'empty'>): Promise<RouteResult> {
  body ??= JSON.stringify({ code_to_names: unicodeEmojiCodeToNames() });
  call.raw.res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=86400' });
  call.raw.res.end(body);
  return HANDLED;
}
