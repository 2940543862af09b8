import { expect } from 'chai';
import { mkdtempSync, readdirSync } from 'node:fs';
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
});
