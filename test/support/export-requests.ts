import type { ExportLine } from '@chat/eventstore';
import type { ApiClient } from './api-client.js';
import { formEncode } from './api-client.js';
import { readExportLines } from './fixture-log.js';

/** What GET /export/events answered: NDJSON lines on success, the error envelope otherwise. */
export interface ExportResponse {
  status: number;
  contentType: string | null;
  lines: ExportLine[];
  text: string;
}

/** GET /export/events as the client, with filters encoded as clients encode parameters. */
export async function exportOverHttp(client: ApiClient, params: Record<string, unknown> = {}): Promise<ExportResponse> {
  const credentials = client.credentials;
  const headers: Record<string, string> = credentials
    ? { Authorization: `Basic ${Buffer.from(`${credentials.email}:${credentials.apiKey}`).toString('base64')}` }
    : {};
  const query = formEncode(params).toString();
  const res = await fetch(`${client.baseUrl}/api/v1/export/events${query ? `?${query}` : ''}`, { headers });
  const text = await res.text();
  const ndjson = res.status === 200;
  return { status: res.status, contentType: res.headers.get('content-type'), lines: ndjson ? readExportLines(text) : [], text };
}
