import { createRequire } from 'node:module';
import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

// Required rather than imported: the compiled server runs as a script with V8's code cache, where a
// dynamic import() is an experimental path (tools/build/code-cache.mjs).
const load = createRequire(import.meta.url);

/** Sends through an SMTP server (CHAT_SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465) with nodemailer. */
export class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    await (await this.connection()).sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.body });
  }

  async close(): Promise<void> {
    if (this.transport) (await this.transport).close();
  }

  /** nodemailer is loaded with the first mail, not at every start (about 0.1 s of CPU). */
  private connection(): Promise<Transporter> {
    this.transport ??= Promise.resolve().then(() => (load('nodemailer') as typeof Nodemailer).createTransport(this.url));
    return this.transport;
  }
}
