import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { configFromEnv } from '../../../services/api/src/config.js';
import type { Mail, Mailer } from '../../../services/api/src/mail/mailer.js';
import { openMailer } from '../../../services/api/src/mail/open-mailer.js';
import { OutboxMailer } from '../../../services/api/src/mail/outbox-mailer.js';
import { RetryingMailer } from '../../../services/api/src/mail/retrying-mailer.js';
import { SmtpMailer } from '../../../services/api/src/mail/smtp-mailer.js';

/** An SMTP server on an ephemeral port that keeps what it receives; it refuses the first `refusals` messages. */
async function fakeSmtp(refusals = 0): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        if (refused < refusals) {
          refused += 1;
          return done(Object.assign(new Error('try later'), { responseCode: 451 }));
        }
        received.push(text);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const MAIL: Mail = { to: 'ann@example.com', subject: 'Confirm your new address', body: 'Open this link.' };

describe('ops: mail over SMTP (CHAT_SMTP_URL), retried and never lost', function () {
  this.timeout(20000);
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-mail-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sends through the SMTP server named by CHAT_SMTP_URL, from CHAT_MAIL_FROM', async () => {
    const smtp = await fakeSmtp();
    const config = configFromEnv({ DATA_DIR: dataDir, CHAT_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, CHAT_MAIL_FROM: 'chat@example.org' });
    const mailer = openMailer(config, pino({ level: 'silent' }));
    await mailer.send(MAIL);
    await mailer.close?.();
    await smtp.close();
    expect(smtp.received).to.have.length(1);
    expect(smtp.received[0]).to.match(/^From: chat@example\.org/m);
    expect(smtp.received[0]).to.match(/^To: ann@example\.com/m);
    expect(smtp.received[0]).to.contain('Open this link.');
  });

  it('retries a refused send until it goes through, logging each failure', async () => {
    const smtp = await fakeSmtp(2);
    const config = configFromEnv({ DATA_DIR: dataDir, CHAT_SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = new RetryingMailer(new SmtpMailer(config.smtpUrl ?? '', config.mailFrom), new OutboxMailer(join(dataDir, 'undelivered')), log, [10, 10, 10]);
    await mailer.send(MAIL);
    const deadline = Date.now() + 5000;
    while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await mailer.close();
    await smtp.close();
    expect(smtp.received).to.have.length(1);
    expect(lines.filter((line) => line.includes('mail send failed; will retry'))).to.have.length(2);
    expect(lines.some((line) => line.includes('mail sent after retrying'))).to.equal(true);
  });

  it('keeps a mail that fails every retry in the outbox, and logs it as not delivered', async () => {
    const failing: Mailer = {
      send: async () => {
        throw new Error('connection refused');
      },
    };
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const outbox = join(dataDir, 'undelivered');
    const mailer = new RetryingMailer(failing, new OutboxMailer(outbox), log, [5, 5]);
    await mailer.send(MAIL);
    const deadline = Date.now() + 5000;
    while (!lines.some((line) => line.includes('mail not delivered')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const kept = readdirSync(outbox);
    expect(kept).to.have.length(1);
    expect(readFileSync(join(outbox, kept[0]), 'utf8')).to.contain('Subject: Confirm your new address');
    expect(lines.filter((line) => line.includes('will retry'))).to.have.length(2);
  });

  it('keeps the file outbox as the default', () => {
    const mailer = openMailer(configFromEnv({ DATA_DIR: dataDir }), pino({ level: 'silent' }));
    expect(mailer).to.be.instanceOf(OutboxMailer);
    expect(() => configFromEnv({ CHAT_SMTP_URL: 'mail.example.com' })).to.throw('CHAT_SMTP_URL must be an smtp:// or smtps:// URL');
  });
});
