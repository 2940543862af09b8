import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Mailer } from './mailer.js';
import { OutboxMailer } from './outbox-mailer.js';
import { RetryingMailer } from './retrying-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** SMTP (with retries, and the outbox's `undelivered` folder for what never goes) when CHAT_SMTP_URL is set; else the file outbox. */
export function openMailer(config: Config, log: Logger): Mailer {
  const outbox = join(config.dataDir, 'outbox');
  if (!config.smtpUrl) return new OutboxMailer(outbox);
  return new RetryingMailer(new SmtpMailer(config.smtpUrl, config.mailFrom), new OutboxMailer(join(outbox, 'undelivered')), log);
}
