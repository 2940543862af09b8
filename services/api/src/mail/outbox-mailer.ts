import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StorageHealth } from '../ops/storage-health.js';
import type { Mail, Mailer } from './mailer.js';

/**
 * Writes each message to a file in a folder (the embedded default, and where undeliverable mail ends).
 * A file appears whole or not at all (written aside, then renamed); one refused for lack of space
 * leaves nothing behind and marks the outbox full.
 */
export class OutboxMailer implements Mailer {
  private written = 0;

  constructor(
    private readonly dir: string,
    private readonly storage?: Pick<StorageHealth, 'failed' | 'wrote'>,
  ) {}

  async send(mail: Mail): Promise<void> {
    const name = `${Date.now()}-${this.written++}.eml`;
    const partial = join(this.dir, `.${name}.partial`);
    try {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await writeFile(partial, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.body}\n`, { mode: 0o600 });
      await rename(partial, join(this.dir, name));
    } catch (error) {
      await rm(partial, { force: true });
      this.storage?.failed('outbox', error);
      throw error;
    }
    this.storage?.wrote('outbox');
  }
}
