import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StorageHealth } from '../files/storage-health.js';
import type { Mail, Mailer } from './mailer.js';

/**
 * Writes each message to a file in a folder (the embedded default, and where undeliverable mail ends).
 * A file appears whole or not at all (written aside, then renamed); one refused for lack of space
 * leaves nothing behind and marks the outbox full.
 */
export class OutboxMailer implements Mailer {
  readonly sent: Mail[] = [];
  /** Counts every mail written, so a name is never reused after some were forgotten. */
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
    this.sent.push(mail);
  }

  /**
   * Removes every mail addressed to `address` (overwritten first, so the file's blocks do not keep it),
   * those half written too (`.<name>.partial`, left by a crash between writing and renaming).
   */
  async forget(address: string): Promise<number> {
    const to = address.toLowerCase();
    for (let at = this.sent.length - 1; at >= 0; at--) if (this.sent[at].to.toLowerCase() === to) this.sent.splice(at, 1);
    if (!existsSync(this.dir)) return 0;
    let removed = 0;
    for (const entry of readdirSync(this.dir, { withFileTypes: true })) {
      if (!entry.isFile() || !(entry.name.endsWith('.eml') || entry.name.endsWith('.eml.partial'))) continue;
      const file = join(this.dir, entry.name);
      const text = readFileSync(file);
      const firstLine = text.subarray(0, Math.max(0, text.indexOf(10))).toString('utf8');
      if (firstLine.toLowerCase() !== `to: ${to}`) continue;
      writeFileSync(file, Buffer.alloc(text.length));
      rmSync(file);
      removed++;
    }
    return removed;
  }
}
