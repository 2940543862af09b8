import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/** Sends mail to people. The embedded adapter writes each message to a folder, as development servers do. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export class OutboxMailer implements Mailer {
  readonly sent: Mail[] = [];
  constructor(private readonly dir: string) {}

  async send(mail: Mail): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    const name = `${Date.now()}-${this.sent.length}.eml`;
    writeFileSync(join(this.dir, name), `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.body}\n`, { mode: 0o600 });
    this.sent.push(mail);
  }
}
