import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { pino } from 'pino';
import { configFromEnv } from '../../../services/api/src/config.js';
import type { Mail, Mailer } from '../../../services/api/src/mail/mailer.js';
import { RetryingMailer } from '../../../services/api/src/mail/retrying-mailer.js';
import type { ApiClient } from '../../support/api-client.js';
import { stringField } from '../../support/json-fields.js';
import { acceptLink, createLink, newcomer } from '../../support/invite-requests.js';
import { registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { OWNER_PASSWORD, startTestServer, type TestServer } from '../../support/test-server.js';
import { download, uploaded } from '../../support/upload-requests.js';

/** A logger at the most verbose level whose lines a test can read. */
function capturedLog() {
  const lines: string[] = [];
  return { lines, log: pino({ level: 'trace' }, { write: (line: string) => lines.push(line) }) };
}

const mailLink = (mail: Mail, pattern: RegExp): string => {
  const match = pattern.exec(mail.body);
  expect(match, mail.body).to.not.equal(null);
  return match![0];
};

/**
 * The server's own log (pino, every level) may name people, paths and routes, never a password, an
 * API key, an invitation key, an email-change token, a temporary upload URL's token, or any other
 * credential a request carried in its path, query or body.
 */
describe('ops: no secret in any line of the server log, at the most verbose level', function () {
  let server: TestServer;
  const captured = capturedLog();
  const secrets = new Map<string, string>();
  const keep = (what: string, value: string): void => {
    expect(value, what).to.be.a('string').with.length.above(7);
    secrets.set(what, value);
  };

  before(async function () {
    server = await startTestServer({ log: captured.log, env: { CHAT_RATE_LIMIT_AUTH: '50/600' } });
    const owner = server.owner;
    keep('owner password', OWNER_PASSWORD);
    keep('owner API key', owner.credentials!.apiKey);

    // Accounts, logins, refusals.
    const alicePassword = 'alice-Password-41';
    keep('alice password', alicePassword);
    expectSuccess(await owner.post('/users', { email: 'alice@test.example', password: alicePassword, full_name: 'Alice' }));
    const alice: ApiClient = await server.anonymous.login('alice@test.example', alicePassword);
    keep('alice API key', alice.credentials!.apiKey);
    keep('mistyped password', 'alice-Mistyped-77');
    await server.anonymous.post('/fetch_api_key', { username: 'alice@test.example', password: 'alice-Mistyped-77' });
    keep('wrong API key', 'wrong-key-0123456789abcdef');
    await server.anonymous.withCredentials('alice@test.example', 'wrong-key-0123456789abcdef').get('/users/me');
    // A key sent as a query parameter (as some clients do for downloads and webhooks), on the API and off it.
    await owner.get('/users/me', { api_key: owner.credentials!.apiKey });
    await fetch(`${server.url}/api/v1/no/such/route?api_key=${owner.credentials!.apiKey}`);
    await fetch(`${server.url}/nothing-here?api_key=${owner.credentials!.apiKey}&password=${OWNER_PASSWORD}`);

    // Realtime: register and poll with the key in Basic auth.
    const queue = await registerQueue(alice);
    expectSuccess(await alice.get('/events', { queue_id: queue.queueId, last_event_id: queue.lastEventId, dont_block: true }));

    // An invitation link: created, its page opened, accepted.
    const link = await createLink(server, owner);
    keep('invitation link key', link.key);
    expect((await fetch(link.url)).status).to.equal(200);
    const joiner = newcomer('Joiner');
    keep('joiner password', joiner.password);
    expectSuccess(await acceptLink(server, link.key, joiner));

    // An email invitation, opened from its mail.
    const mailsBefore = server.mailer.sent.length;
    expectSuccess(await owner.post('/invites', { invitee_emails: 'invited@test.example', stream_ids: [] }));
    const invitationPath = mailLink(server.mailer.sent[mailsBefore], /\/join\/[A-Za-z0-9_-]+/);
    keep('email invitation key', invitationPath.slice('/join/'.length));
    await fetch(`${server.url}${invitationPath}/`);

    // An email change, confirmed from its mail.
    const changeMails = server.mailer.sent.length;
    expectSuccess(await alice.patch('/settings', { email: 'alice.moved@test.example' }));
    const confirmPath = mailLink(server.mailer.sent[changeMails], /\/accounts\/confirm_new_email\/[A-Za-z0-9_-]+/);
    keep('email change token', confirmPath.slice('/accounts/confirm_new_email/'.length));
    expect((await fetch(`${server.url}${confirmPath}`)).status).to.equal(200);
    const movedAlice = alice.withCredentials('alice.moved@test.example', alice.credentials!.apiKey, alice.userId);

    // An upload, its temporary URL, fetched without credentials.
    const { pathId } = await uploaded(movedAlice, 'plans.txt', 'the plans');
    const temporary = stringField(expectSuccess(await movedAlice.get(`/user_uploads/${pathId}`)), 'url');
    const token = /^\/user_uploads\/temporary\/([^/]+)\//.exec(temporary);
    expect(token, temporary).to.not.equal(null);
    keep('temporary upload token', token![1]);
    expect((await download(server, null, temporary)).status).to.equal(200);

    // A push token registered, a password changed, an API key regenerated.
    keep('push token', 'apns-device-token-abcdef0123456789');
    await movedAlice.post('/users/me/apns_device_token', { token: 'apns-device-token-abcdef0123456789', appid: 'org.example.app' });
    keep('changed password', 'alice-Changed-99');
    expectSuccess(await movedAlice.patch('/settings', { old_password: alicePassword, new_password: 'alice-Changed-99' }));
    keep('regenerated API key', stringField(expectSuccess(await movedAlice.post('/users/me/api_key/regenerate')), 'api_key'));
    keep('server secret', readFileSync(join(server.dataDir, 'server-secret'), 'utf8').trim());
  });
  after(() => server.stop());

  it('logged the session, paths with their secret segments redacted', function () {
    const paths = captured.lines.map((line) => JSON.parse(line) as { msg: string; path?: string }).filter((line) => line.msg === 'request').map((line) => line.path);
    expect(paths).to.include.members(['/join/[redacted]/', `/accounts/confirm_new_email/[redacted]`, '/api/v1/users/me', '/nothing-here']);
    expect(paths.filter((path) => path?.startsWith('/user_uploads/temporary/'))).to.deep.equal(['/user_uploads/temporary/[redacted]/plans.txt']);
  });

  it('has none of the secrets the session used in any line', function () {
    const text = captured.lines.join('');
    expect(captured.lines.length).to.be.above(20);
    for (const [what, value] of secrets) expect(text.includes(value), `${what} in the log`).to.equal(false);
  });

  it('names no credential of a URL setting it refuses', function () {
    for (const [name, value] of [
      ['CHAT_SMTP_URL', 'smtps:/mailer:smtp-Secret-1@mail.example.com'],
      ['CHAT_PUSH_BOUNCER_URL', 'ftp://push:bouncer-Secret-2@push.example.com'],
      ['CHAT_EXTERNAL_URL', 'http://admin:external-Secret-3@[not-an-address'],
    ]) {
      expect(() => configFromEnv({ [name]: value }), name)
        .to.throw(name)
        .that.satisfies((error: Error) => !error.message.includes('Secret'));
    }
  });

  it('logs a mail it could neither send nor keep without its body (which carries keys and tokens)', async function () {
    const { lines, log } = capturedLog();
    const failing: Mailer = { send: async () => Promise.reject(new Error('disk full')) };
    const mailer = new RetryingMailer(failing, failing, log, []);
    await mailer.send({ to: 'someone@test.example', subject: 'Join us', body: 'Open /join/secret-Key-0123456789abcdef/' });
    await mailer.close();
    const text = lines.join('');
    expect(text).to.contain('mail not delivered and not kept');
    expect(text).to.not.contain('secret-Key-0123456789abcdef');
  });
});
