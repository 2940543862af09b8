import http from 'node:http';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH';
  path: string;
  /** Form fields (sent urlencoded in the body, or in the query string for GET). */
  params?: Record<string, string>;
  /** `email:api_key` for Basic auth. */
  auth?: string;
  /** A body sent as it is instead of the form (a service's JSON payload), with its content type and any extra headers. */
  body?: { contentType: string; text: string; headers?: Record<string, string> };
}

export interface Response {
  status: number;
  body: string;
  /** performance.now() when the answer's last byte arrived (before its bytes were decoded). */
  receivedAt: number;
}

/** A keep-alive HTTP client with its own connection pool, as a load generator needs. */
export class HttpClient {
  private readonly agent: http.Agent;
  private readonly base: URL;

  /** `localAddress` picks the source address (127.0.0.2, …): each one has its own ephemeral ports. */
  constructor(baseUrl: string, maxSockets: number, private readonly localAddress?: string) {
    this.base = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  request(spec: RequestSpec): Promise<Response> {
    return this.send(spec, (res, resolve, reject) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const receivedAt = performance.now();
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), receivedAt });
      });
      res.on('error', reject);
    });
  }

  /**
   * Sends a request and counts the answer's bytes without keeping them (an export of the whole log
   * is larger than a string may be). Rejects when the answer breaks off before its end.
   */
  count(spec: RequestSpec): Promise<{ status: number; bytes: number }> {
    return this.send(spec, (res, resolve, reject) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('answer broken off')));
    });
  }

  private send<T>(spec: RequestSpec, onResponse: (res: http.IncomingMessage, resolve: (value: T) => void, reject: (error: Error) => void) => void): Promise<T> {
    const form = new URLSearchParams(spec.params ?? {}).toString();
    const isGet = spec.method === 'GET';
    const payload = spec.body?.text ?? form;
    const headers: Record<string, string | number> = { ...spec.body?.headers };
    if (spec.auth) headers.authorization = `Basic ${Buffer.from(spec.auth).toString('base64')}`;
    if (!isGet) {
      headers['content-type'] = spec.body?.contentType ?? 'application/x-www-form-urlencoded';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method: spec.method,
          path: isGet && form ? `${spec.path}?${form}` : spec.path,
          headers,
          agent: this.agent,
          localAddress: this.localAddress,
        },
        (res) => onResponse(res, resolve, reject),
      );
      req.on('error', reject);
      if (!isGet) req.write(payload);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
