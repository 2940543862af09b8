import type { ReadModelName } from '@chat/projections';
import type { LiveDigest, LiveReadModels } from './live-read-models.js';

interface DigestAnswer extends LiveDigest {
  keys?: Record<string, string>;
}

function isDigestAnswer(body: unknown): body is DigestAnswer {
  if (body === null || typeof body !== 'object') return false;
  const fields = body as Record<string, unknown>;
  return typeof fields.position === 'number' && typeof fields.digest === 'string' && typeof fields.models === 'object';
}

/**
 * A running server's read models, through the owner-only GET /api/v1/export/read_model_digest: the
 * only way to the models of an embedded server, which keeps them in its memory.
 */
export class HttpLiveReadModels implements LiveReadModels {
  readonly source: string;
  private readonly authorization: string;

  constructor(
    private readonly baseUrl: string,
    email: string,
    apiKey: string,
  ) {
    this.source = `the server at ${baseUrl}`;
    this.authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
  }

  async digest(): Promise<LiveDigest> {
    const { keys: _keys, ...digest } = await this.ask('');
    return digest;
  }

  async keys(model: ReadModelName): Promise<LiveDigest & { keys: Map<string, string> }> {
    const { keys, ...digest } = await this.ask(`?model=${encodeURIComponent(model)}`);
    return { ...digest, keys: new Map(Object.entries(keys ?? {})) };
  }

  async close(): Promise<void> {}

  private async ask(query: string): Promise<DigestAnswer> {
    const url = `${this.baseUrl.replace(/\/+$/, '')}/api/v1/export/read_model_digest${query}`;
    const response = await fetch(url, { headers: { authorization: this.authorization } });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || !isDigestAnswer(body)) {
      const msg = body !== null && typeof body === 'object' && 'msg' in body ? String(body.msg) : `HTTP ${response.status}`;
      throw new Error(`${url}: ${msg}`);
    }
    return body;
  }
}
