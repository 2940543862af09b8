import { expect } from 'chai';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutboxMailer } from '../../../services/api/src/mail/outbox-mailer.js';

describe('the file outbox forgets an erased address', () => {
  it('removes every mail to that address (any case), and only those', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox');
    const outbox = new OutboxMailer(dir);
    await outbox.send({ to: 'pat@example.com', subject: 'one', body: 'for Pat' });
    await outbox.send({ to: 'al@example.com', subject: 'two', body: 'about pat@example.com' });
    await outbox.send({ to: 'Pat@Example.com', subject: 'three', body: 'for Pat again' });
    expect(await outbox.forget('PAT@example.com')).to.equal(2);
    expect(readdirSync(dir)).to.have.length(1);
    expect(outbox.sent.map((mail) => mail.subject)).to.deep.equal(['two']);
    expect(await outbox.forget('nobody@example.com')).to.equal(0);
  });

  it('removes a mail a crash left half written, and leaves others half written alone', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox');
    const outbox = new OutboxMailer(dir);
    await outbox.send({ to: 'al@example.com', subject: 'whole', body: 'kept' });
    writeFileSync(join(dir, '.1-7.eml.partial'), 'To: pat@example.com\nSubject: cut\n\nfor Pat, cut sh');
    writeFileSync(join(dir, '.1-8.eml.partial'), 'To: al@example.com\nSubject: cut\n\nfor Al');
    expect(await outbox.forget('pat@example.com')).to.equal(1);
    const left = readdirSync(dir);
    expect(left.filter((name) => name.endsWith('.partial'))).to.deep.equal(['.1-8.eml.partial']);
    expect(left.filter((name) => name.endsWith('.eml'))).to.have.length(1);
  });
});
