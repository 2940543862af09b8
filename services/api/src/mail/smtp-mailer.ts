import type { Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

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
    this.transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(this.url));
    return this.transport;
  }
}
