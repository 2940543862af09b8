import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Logger, pino } from 'pino';
import { ManualClock } from '@chat/core';
import { configFromEnv, type Config } from '../../services/api/src/config.js';
import type { Mail, Mailer } from '../../services/api/src/mail/mailer.js';
import { OutboxMailer } from '../../services/api/src/mail/outbox-mailer.js';
import { type RunningServer, startServer } from '../../services/api/src/server.js';
import { ApiClient } from './api-client.js';

export const OWNER_EMAIL = 'owner@test.example';
export const OWNER_PASSWORD = 'owner-password-1';

/** Keeps what it sends for the test to read; with an outbox, also writes it there as the server would. */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  private readonly outbox: OutboxMailer | null;
  constructor(outboxDir: string | null = null) {
    this.outbox = outboxDir === null ? null : new OutboxMailer(outboxDir);
  }
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
    await this.outbox?.send(mail);
  }
  async forget(address: string): Promise<number> {
    const before = this.sent.length;
    this.sent.splice(0, this.sent.length, ...this.sent.filter((mail) => mail.to.toLowerCase() !== address.toLowerCase()));
    return (await this.outbox?.forget(address)) ?? before - this.sent.length;
  }
}

export interface TestServer extends RunningServer {
  dataDir: string;
  clock: ManualClock;
  mailer: MemoryMailer;
  owner: ApiClient;
  anonymous: ApiClient;
  /** Creates a user through the API and returns a client logged in as them. */
  createUser(name: string, role?: number): Promise<ApiClient>;
  restart(): Promise<TestServer>;
  stop(): Promise<void>;
}

/** A real server on an ephemeral port over a fresh data directory; time is a ManualClock. */
/** `outbox`: mail is also written to DATA_DIR/outbox, as the embedded server writes it. */
export async function startTestServer(options: { dataDir?: string; env?: NodeJS.ProcessEnv; log?: Logger; onFatal?: (error: Error) => void; outbox?: boolean } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'chat-test-'));
  const config: Config = configFromEnv({
    PORT: '0',
    DATA_DIR: dataDir,
    CHAT_OWNER_EMAIL: OWNER_EMAIL,
    CHAT_OWNER_PASSWORD: OWNER_PASSWORD,
    CHAT_ORG_NAME: 'Test Org',
    CHAT_SCRYPT_COST: '1024',
    // Tests run due work themselves (clock.advance, then ctx.scheduler.runDue()), never on a timer.
    CHAT_SCHEDULER_TICK_MS: '0',
    // Tests make requests as fast as they can: limits are on only where a test sets them.
    CHAT_RATE_LIMIT_USER: 'off',
    CHAT_RATE_LIMIT_IP: 'off',
    CHAT_RATE_LIMIT_AUTH: 'off',
    ...options.env,
  });
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const mailer = new MemoryMailer(options.outbox ? join(dataDir, 'outbox') : null);
  const server = await startServer(config, { clock, mailer, log: options.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), onFatal: options.onFatal });
  const anonymous = new ApiClient(server.url, null);
  const owner = await anonymous.login(OWNER_EMAIL, OWNER_PASSWORD);
  let counter = 0;
  const test: TestServer = {
    ...server,
    dataDir,
    clock,
    mailer,
    owner,
    anonymous,
    async createUser(name: string, role?: number) {
      counter += 1;
      const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${counter}@test.example`;
      const password = `pw-${name}-${counter}-secret`;
      const created = await owner.post('/users', { email, password, full_name: name });
      if (created.status !== 200) throw new Error(`createUser failed: ${JSON.stringify(created.body)}`);
      if (role !== undefined) {
        const changed = await owner.patch(`/users/${created.body.user_id}`, { role });
        if (changed.status !== 200) throw new Error(`role change failed: ${JSON.stringify(changed.body)}`);
      }
      return anonymous.login(email, password);
    },
    restart: async () => {
      await server.close();
      return startTestServer({ ...options, dataDir });
    },
    stop: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return test;
}
