import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Mail, Mailer } from './mailer.js';

/** Writes each message to a file in a folder (the embedded default, and where undeliverable mail ends). */
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
