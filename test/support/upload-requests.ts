import { logKeyRing, readLogRows, rowData } from './log-rows.js';
import type { ApiClient, ApiResponse } from './api-client.js';
import { type JsonObject, objectsField, stringField } from './json-fields.js';
import { expectSuccess } from './response-assertions.js';
import type { TestServer } from './test-server.js';

/** POST /user_uploads with one file part (field `filename`, as clients send it). */
export function uploadFile(client: ApiClient, name: string, content: string | Buffer, contentType = 'text/plain', field = 'filename'): Promise<ApiResponse> {
  const form = new FormData();
  form.append(field, new Blob([content], { type: contentType }), name);
  return client.request('POST', '/user_uploads', form);
}

/** Uploads a file (which must succeed) and answers its URL and path id. */
export async function uploaded(client: ApiClient, name: string, content: string | Buffer, contentType = 'text/plain'): Promise<{ url: string; pathId: string }> {
  const url = stringField(expectSuccess(await uploadFile(client, name, content, contentType)), 'url');
  return { url, pathId: url.replace(/^\/user_uploads\//, '') };
}

/** GET /attachments as `client`: the records, by path id. */
export async function attachmentsOf(client: ApiClient): Promise<Map<string, JsonObject>> {
  const records = objectsField(expectSuccess(await client.get('/attachments')), 'attachments');
  return new Map(records.map((record) => [stringField(record, 'path_id'), record]));
}

/** The attachment record of one upload, as its owner lists it. */
export async function attachmentOf(client: ApiClient, pathId: string): Promise<JsonObject | undefined> {
  return (await attachmentsOf(client)).get(pathId);
}

export interface Download {
  status: number;
  text: string;
  headers: Headers;
}

/** GET <url> outside /api/v1 (where upload links point), with the client's Basic credentials if any. */
export async function download(server: TestServer, client: ApiClient | null, url: string): Promise<Download> {
  const headers: Record<string, string> = {};
  if (client?.credentials) headers.Authorization = `Basic ${Buffer.from(`${client.credentials.email}:${client.credentials.apiKey}`).toString('base64')}`;
  const res = await fetch(`${server.url}${url}`, { headers });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** Every event of some types in the server's SQLite log, data as an auditor reads it (sealed values opened). */
export function loggedEvents(server: TestServer, ...types: string[]): { type: string; data: Record<string, unknown> }[] {
  const ring = logKeyRing(server.dataDir);
  return readLogRows(server)
    .filter((row) => types.includes(row.type))
    .map((row) => ({ type: row.type, data: rowData(row, ring) }));
}
