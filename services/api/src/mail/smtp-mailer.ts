import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

/** Sends through an SMTP server (CHAT_SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465) with nodemailer. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.body });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
