import type { ApiClient, ApiResponse } from '../../support/api-client.js';

/** A 1×1 PNG, and the first bytes of a GIF: what custom emoji images look like. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(32)]);

/** POST /realm/emoji/{name} with the given files as parts (one, as clients send, unless told otherwise). */
export function uploadEmoji(client: ApiClient, name: string, files: readonly Buffer[] = [PNG], type = 'image/png'): Promise<ApiResponse> {
  const form = new FormData();
  files.forEach((bytes, index) => form.append(`file-${index}`, new Blob([bytes], { type }), `emoji-${index}.png`));
  return client.request('POST', `/realm/emoji/${encodeURIComponent(name)}`, form);
}

export interface EmojiRecord {
  id: string;
  name: string;
  source_url: string;
  still_url: string | null;
  deactivated: boolean;
  author_id: number | null;
}
