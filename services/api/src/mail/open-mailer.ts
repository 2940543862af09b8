import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { StorageHealth } from '../files/storage-health.js';
import type { Mailer } from './mailer.js';
import { OutboxMailer } from './outbox-mailer.js';
import { RetryingMailer } from './retrying-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/**
 * SMTP (with retries, and the outbox's `undelivered` folder for what never goes) when CHAT_SMTP_URL is
 * set; else the file outbox. Outbox writes refused for lack of space are reported to `storage`.
 */
export function openMailer(config: Config, log: Logger, storage?: Pick<StorageHealth, 'failed' | 'wrote'>): Mailer {
  const outbox = join(config.dataDir, 'outbox');
  if (!config.smtpUrl) return new OutboxMailer(outbox, storage);
  return new RetryingMailer(new SmtpMailer(config.smtpUrl, config.mailFrom), new OutboxMailer(join(outbox, 'undelivered'), storage), log);
}
