import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isJsonObject, type JsonObject } from './json-fields.js';

/** How the bouncer answers the next requests. */
export type BouncerAnswer =
  | { kind: 'success' }
  /** 400 with an error code: a registration it refuses, or INVALID_TOKEN for a device it does not know. */
  | { kind: 'client-error'; code: string }
  /** 403: the bouncer refuses this server (credentials, plan). */
  | { kind: 'forbidden' }
  | { kind: 'server-error' }
  /** Never answers (the server's deadline must end the request). */
  | { kind: 'hang' };

export interface ReceivedRequest {
  path: string;
  body: JsonObject;
}

/**
 * A push bouncer on 127.0.0.1 for tests: records every request it receives and answers as told. It can
 * also stop listening, so connections to its port are refused, and listen again on the same port.
 */
export class LoopbackBouncer {
  readonly received: ReceivedRequest[] = [];
  answer: BouncerAnswer = { kind: 'success' };
  private server: Server;
  private devices = 0;

  private constructor(private readonly port: number, server: Server) {
    this.server = server;
  }

  static async start(): Promise<LoopbackBouncer> {
    const server = await listen(createServer(), 0);
    const bouncer = new LoopbackBouncer((server.address() as AddressInfo).port, server);
    server.on('request', (req, res) => void bouncer.handle(req, res));
    return bouncer;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/api/v1/remotes/push`;
  }

  /** The requests received at a path under the base URL (`/notify`, `/e2ee/register`, `/e2ee/notify`). */
  at(path: string): JsonObject[] {
    return this.received.filter((request) => request.path === path).map((request) => request.body);
  }

  /** Stops listening: connections are refused until `acceptConnections`. */
  async refuseConnections(): Promise<void> {
    await closeServer(this.server);
  }

  async acceptConnections(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.server = await listen(server, this.port);
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    const path = (req.url ?? '').replace(/^\/api\/v1\/remotes\/push/, '');
    this.received.push({ path, body: isJsonObject(parsed) ? parsed : {} });
    const answer = this.answer;
    if (answer.kind === 'hang') return;
    if (answer.kind === 'success') return reply(res, 200, path === '/e2ee/register' ? { device_id: `bouncer-device-${++this.devices}` } : { result: 'success' });
    if (answer.kind === 'client-error') return reply(res, 400, { result: 'error', code: answer.code, msg: 'refused' });
    if (answer.kind === 'forbidden') return reply(res, 403, { result: 'error', code: 'INVALID_ZULIP_SERVER', msg: 'unknown server' });
    reply(res, 500, { result: 'error', msg: 'boom' });
  }
}

function reply(res: ServerResponse, status: number, body: JsonObject): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function listen(server: Server, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Hanging requests hold their connections open; end them so the port is free at once.
    server.closeAllConnections();
  });
}
