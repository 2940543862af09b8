import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the receiver answers next: a status and body, after a delay; or no answer at all (a hang). */
export interface ReceiverAnswer {
  status: number;
  body: string;
  delayMs?: number;
  hang?: boolean;
}

/** A real HTTP service for outgoing webhooks, on a loopback port: it records each request and answers as told. */
export class WebhookReceiver {
  readonly received: { contentType: string; body: string }[] = [];
  answer: ReceiverAnswer = { status: 200, body: '{}' };
  private readonly hanging = new Set<IncomingMessage>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        receiver.received.push({ contentType: String(req.headers['content-type']), body: Buffer.concat(chunks).toString('utf8') });
        const answer = receiver.answer;
        if (answer.hang) return void receiver.hanging.add(req);
        setTimeout(() => res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body), answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** The JSON bodies received, parsed. */
  payloads(): Record<string, unknown>[] {
    return this.received.map((each) => JSON.parse(each.body) as Record<string, unknown>);
  }

  async stop(): Promise<void> {
    for (const req of this.hanging) req.socket.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
