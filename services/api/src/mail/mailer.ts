import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { RetryingMailer } from './retrying-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/** Sends mail to people. The embedded adapter writes each message to a folder, as development servers do. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Lets go of connections; mail still waiting for a retry is kept (in the outbox). */
  close?(): Promise<void>;
}

/** SMTP (with retries, and the outbox's `undelivered` folder for what never goes) when CHAT_SMTP_URL is set; else the file outbox. */
export function openMailer(config: Config, log: Logger): Mailer {
  const outbox = join(config.dataDir, 'outbox');
  if (!config.smtpUrl) return new OutboxMailer(outbox);
  return new RetryingMailer(new SmtpMailer(config.smtpUrl, config.mailFrom), new OutboxMailer(join(outbox, 'undelivered')), log);
}

export class OutboxMailer implements Mailer {
  readonly sent: Mail[] = [];
  constructor(private readonly dir: string) {}

  async send(mail: Mail): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const name = `${Date.now()}-${this.sent.length}.eml`;
    writeFileSync(join(this.dir, name), `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.body}\n`, { mode: 0o600 });
    this.sent.push(mail);
  }
}
