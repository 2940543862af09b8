/**
 * Where uploads live and how messages link them. A path id is `<realm>/<2 hex>/<24 random>/<safe name>`
 * as in the public API; one organization per server, so the realm part is always the same.
 */
export const UPLOAD_REALM_ID = 1;
const MAX_NAME_LENGTH = 100;

/**
 * The file name as it goes into a URL: letters, digits, dot, dash and underscore, other runs as one
 * underscore, cut to 100 characters keeping the extension. Never empty, never a dot-only segment.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  let safe = base.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  if (safe.length > MAX_NAME_LENGTH) {
    const dot = safe.lastIndexOf('.');
    const ext = dot > 0 && safe.length - dot <= 10 ? safe.slice(dot) : '';
    safe = safe.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return safe === '' ? 'uploaded-file' : safe;
}

/** The path id of a new upload from its random parts (chosen by the caller, recorded in the event). */
export function uploadPathId(shard: string, token: string, name: string): string {
  return `${UPLOAD_REALM_ID}/${shard}/${token}/${safeFileName(name)}`;
}

/** Whether a string has the shape of a path id this server hands out (so it may name a stored file). */
export function isUploadPathId(pathId: string): boolean {
  return /^\d+\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/[A-Za-z0-9._-]+$/.test(pathId) && !pathId.includes('..');
}

/**
 * Whether rendered HTML may link an upload (no when it never names the uploads path). Nearly every
 * message links no file: one substring search settles those.
 */
export const namesUpload = (renderedHtml: string): boolean => renderedHtml.includes('user_uploads/');

const LINK = /\shref="\/?user_uploads\/([^"?#]+)"/g;

/**
 * The path ids a rendered message links, in first-seen order, each once. Read from the HTML, so links
 * inside code spans or blocks (which render no anchor) do not count, as in the public server.
 */
export function uploadPathsIn(renderedHtml: string): string[] {
  if (!namesUpload(renderedHtml)) return [];
  const found = new Set<string>();
  for (const match of renderedHtml.matchAll(LINK)) {
    let path = match[1].replace(/&amp;/g, '&');
    try {
      path = decodeURIComponent(path);
    } catch {
      continue;
    }
    if (isUploadPathId(path)) found.add(path);
  }
  return [...found];
}
