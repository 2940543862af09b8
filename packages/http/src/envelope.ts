import type { ServerResponse } from 'node:http';
import { ApiError, isStorageFull, storageFull } from '@chat/core';

/**
 * A field value already serialized as JSON, written into the body as it is: large parts of an answer
 * that many requests share (the organization's users in POST /register) are serialized once.
 */
export class JsonText {
  /**
   * The text in the pieces it was built from (a large list is written piece by piece, never joined);
   * a piece may already be UTF-8 bytes (a cached list kept ready to write).
   */
  readonly parts: readonly (string | Uint8Array)[];
  private joined: string | null = null;

  constructor(text: string | readonly (string | Uint8Array)[]) {
    this.parts = typeof text === 'string' ? [text] : text;
  }

  get text(): string {
    this.joined ??= this.parts.map((part) => (typeof part === 'string' ? part : Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('utf8'))).join('');
    return this.joined;
  }

  /** Characters of the text pieces plus bytes of the byte pieces: its size, for deciding how to write it. */
  get length(): number {
    let length = 0;
    for (const part of this.parts) length += typeof part === 'string' ? part.length : part.byteLength;
    return length;
  }
}

/** JSON.stringify, except that top-level JsonText values are spliced in as they are. */
export function serializeBody(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Object.values(body).some((value) => value instanceof JsonText)) {
    return JSON.stringify(body);
  }
  const fields: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const text = value instanceof JsonText ? value.text : JSON.stringify(value);
    if (text !== undefined) fields.push(`${JSON.stringify(name)}:${text}`);
  }
  return `{${fields.join(',')}}`;
}

/** Writes a JSON body with the public API's headers; bodies are built once and written directly. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = serializeBody(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** An HTML page (the few pages outside the API: links opened in a browser). */
export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html), ...headers });
  res.end(html);
}

export function successBody(fields: Record<string, unknown>, ignored: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = { result: 'success', msg: '', ...fields };
  if (ignored.length > 0) body.ignored_parameters_unsupported = ignored;
  return body;
}

export function errorBody(error: ApiError): Record<string, unknown> {
  return { ...error.extras, result: 'error', msg: error.message, code: error.code };
}

export function sendError(res: ServerResponse, error: ApiError, headers: Record<string, string> = {}): void {
  sendJson(res, error.status, errorBody(error), headers);
}

/** Anything that is not an ApiError is our fault: the client learns nothing of its details. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // A write no port turned into STORAGE_FULL is still the disk, not a bug: never a 500 for it.
  if (isStorageFull(error)) return storageFull();
  if (error instanceof Error && error.name === 'MulterError') return new ApiError('BAD_REQUEST', 400, `Malformed multipart body: ${error.message}`);
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500;
  const type = typeof error === 'object' && error !== null && 'type' in error ? String(error.type) : '';
  if (type === 'entity.too.large' || status === 413) return new ApiError('BAD_REQUEST', 413, 'Request body too large');
  if (status >= 400 && status < 500) return new ApiError('BAD_REQUEST', 400, 'Malformed request body');
  return new ApiError('INTERNAL_SERVER_ERROR', 500, 'Internal server error');
}
