import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { configFromEnv } from '../../services/api/src/config.js';
import { startServer } from '../../services/api/src/server.js';

interface Org {
  owner: { email: string };
  users: { id: number; email: string; apiKey: string }[];
  channels: { name: string; subscribers: number[] }[];
}

const basic = (email: string, key: string): string => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;

/**
 * How long GET /export/read_model_digest stops event application, on a copy of a seeded data directory
 * (`bench/seed`): the time the projection runner's gate is held, the request's duration, and the
 * latency of a message sent while the digest is computed (its command waits for its event to be
 * applied). Prints JSON.
 */
async function main(source: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'digest-gate-'));
  cpSync(join(source, 'events.sqlite3'), join(dataDir, 'events.sqlite3'));
  cpSync(join(source, 'server-secret'), join(dataDir, 'server-secret'));
  const org = JSON.parse(readFileSync(join(source, 'bench-org.json'), 'utf8')) as Org;
  const server = await startServer(configFromEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', CHAT_SCHEDULER_TICK_MS: '0' }), {
    log: pino({ level: 'warn' }),
  });
  try {
    const gates: number[] = [];
    let gateEntered = (): void => {};
    const inGate = new Promise<void>((resolve) => (gateEntered = resolve));
    const exclusive = server.ctx.runner.exclusive.bind(server.ctx.runner);
    server.ctx.runner.exclusive = async (read) => {
      let entered = 0;
      try {
        return await exclusive((position) => {
          entered = performance.now();
          gateEntered();
          return read(position);
        });
      } finally {
        gates.push(performance.now() - entered);
      }
    };
    const ownerState = await server.ctx.models.users.findOne('email', org.owner.email);
    if (!ownerState) throw new Error(`no owner ${org.owner.email}`);
    const owner = server.ctx.apiKeys.keyFor(ownerState.user_id, ownerState.api_key_generation);
    const sender = org.users[0];
    const channel = org.channels.find((c) => c.subscribers.includes(sender.id))?.name ?? '';
    const send = async (): Promise<number> => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/v1/messages`, {
        method: 'POST',
        headers: { Authorization: basic(sender.email, sender.apiKey), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ type: 'stream', to: channel, topic: 'digest', content: 'during the digest' }),
      });
      if (res.status !== 200) throw new Error(`send failed: ${res.status} ${await res.text()}`);
      return performance.now() - started;
    };
    const idleSend = await send();
    const started = performance.now();
    const digest = fetch(`${server.url}/api/v1/export/read_model_digest`, { headers: { Authorization: basic(org.owner.email, owner) } });
    await inGate;
    const sendDuring = await send();
    const res = await digest;
    const body = (await res.json()) as { position: number; digest: string };
    const requestMs = performance.now() - started;
    process.stdout.write(`${JSON.stringify({ position: body.position, digest: body.digest, gateMs: Math.round(gates[gates.length - 1] ?? -1), requestMs: Math.round(requestMs), idleSendMs: Math.round(idleSend), sendDuringDigestMs: Math.round(sendDuring) })}\n`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main(process.argv[2] ?? '/tmp/replay-100k').catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
