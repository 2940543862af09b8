import type { Express, Request, Response } from 'express';
import { unicodeEmojiCodeToNames } from '@chat/markdown';

/** Where the register's `server_emoji_data_url` points: the unicode emoji this server accepts. */
export const EMOJI_DATA_PATH = '/static/generated/emoji/emoji_api.json';

/**
 * GET /static/generated/emoji/emoji_api.json: `{"code_to_names": {code: [canonical name, ...aliases]}}`,
 * public like the rest of the static files, and cacheable (it changes only with a new server version).
 */
export function mountEmojiData(app: Express): void {
  const body = JSON.stringify({ code_to_names: unicodeEmojiCodeToNames() });
  app.get(EMOJI_DATA_PATH, (_req: Request, res: Response) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=86400' });
    res.end(body);
  });
}
