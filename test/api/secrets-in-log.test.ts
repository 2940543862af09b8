import Database from 'better-sqlite3';
import { expect } from 'chai';
import { join } from 'node:path';
import { stringField } from '../support/json-fields.js';
import { OWNER_PASSWORD, startTestServer, type TestServer } from '../support/test-server.js';

interface LogRow {
  position: number;
  type: string;
  data: string;
  metadata: string;
}

/**
 * The log is kept forever and read by auditors and projections: it may hold password hashes and token
 * digests, never a password, an API key or a confirmation token.
 */
describe('Secrets never reach the event log', () => {
  let server: TestServer;
  let rows: LogRow[];
  const passwords: string[] = [OWNER_PASSWORD];
  const apiKeys: string[] = [];
  let emailToken = '';

  const remember = (key: unknown): void => {
    expect(key).to.be.a('string').and.not.equal('');
    apiKeys.push(key as string);
  };

  before(async () => {
    server = await startTestServer();
    remember(server.owner.credentials!.apiKey);

    // Two accounts created through the API, each logging in once.
    for (const name of ['alice', 'bob']) {
      const password = `${name}InitialPassword42`;
      passwords.push(password);
      const created = await server.owner.post('/users', { email: `${name}@test.example`, password, full_name: name });
      expect(created.status).to.equal(200);
      remember((await server.anonymous.post('/fetch_api_key', { username: `${name}@test.example`, password })).body.api_key);
    }
    const alice = await server.anonymous.login('alice@test.example', 'aliceInitialPassword42');

    // A refused login and a refused password change: what was typed must not be logged either.
    passwords.push('aliceMistypedPassword7');
    await server.anonymous.post('/fetch_api_key', { username: 'alice@test.example', password: 'aliceMistypedPassword7' });
    passwords.push('aliceNeverAppliedPassword9');
    await alice.patch('/settings', { old_password: 'aliceMistypedPassword7', new_password: 'aliceNeverAppliedPassword9' });

    // A password change.
    passwords.push('aliceChangedPassword99');
    const changed = await alice.patch('/settings', { old_password: 'aliceInitialPassword42', new_password: 'aliceChangedPassword99' });
    expect(changed.status).to.equal(200);

    // An API key regeneration.
    const regenerated = await alice.post('/users/me/api_key/regenerate');
    expect(regenerated.status).to.equal(200);
    remember(regenerated.body.api_key);
    const aliceNow = alice.withCredentials('alice@test.example', stringField(regenerated.body, 'api_key'), alice.userId);

    // An email change, requested and confirmed.
    const mailsBefore = server.mailer.sent.length;
    expect((await aliceNow.patch('/settings', { email: 'alice.new@test.example' })).status).to.equal(200);
    const mail = server.mailer.sent[mailsBefore];
    const match = /\/accounts\/confirm_new_email\/([A-Za-z0-9_-]+)/.exec(mail.body);
    expect(match, 'confirmation link in the mail').to.not.equal(null);
    emailToken = match![1];
    expect((await fetch(`${server.url}${match![0]}`)).status).to.equal(200);

    // One more key, fetched with the changed password at the changed address.
    remember((await server.anonymous.post('/fetch_api_key', { username: 'alice.new@test.example', password: 'aliceChangedPassword99' })).body.api_key);

    const db = new Database(join(server.dataDir, 'events.sqlite3'), { readonly: true, fileMustExist: true });
    try {
      rows = db.prepare('SELECT position, type, data, metadata FROM events ORDER BY position').all() as LogRow[];
    } finally {
      db.close();
    }
  });
  after(() => server.stop());

  it('records the actions the test performed', () => {
    const types = rows.map((row) => row.type);
    expect(types).to.include.members(['UserCreated', 'UserPasswordChanged', 'UserApiKeyRotated', 'UserEmailChangeRequested', 'UserEmailChanged']);
  });

  it('holds no password that was used, accepted or refused', () => {
    for (const password of passwords) {
      const leaks = rows.filter((row) => row.data.includes(password) || row.metadata.includes(password));
      expect(leaks.map((row) => `${row.position} ${row.type}`), `password ${password}`).to.deep.equal([]);
    }
  });

  it('holds no API key that was ever handed out', () => {
    expect(new Set(apiKeys).size).to.equal(apiKeys.length - 1, 'every key distinct except the re-fetched one');
    for (const key of apiKeys) {
      const leaks = rows.filter((row) => row.data.includes(key) || row.metadata.includes(key));
      expect(leaks.map((row) => `${row.position} ${row.type}`), `API key ${key}`).to.deep.equal([]);
    }
  });

  it('holds no email-change token, only its digest', () => {
    expect(emailToken).to.have.length.greaterThan(16);
    const leaks = rows.filter((row) => row.data.includes(emailToken) || row.metadata.includes(emailToken));
    expect(leaks.map((row) => `${row.position} ${row.type}`)).to.deep.equal([]);
    const request = rows.find((row) => row.type === 'UserEmailChangeRequested');
    expect(JSON.parse(request!.data).token_digest).to.match(/^[0-9a-f]{64}$/);
  });

  it('stores every password as an scrypt hash, and that hash only sealed (no row holds it in clear)', async () => {
    expect(rows.filter((row) => row.data.includes('scrypt$')).map((row) => `${row.position} ${row.type}`)).to.deep.equal([]);
    const events: { type: string; data: unknown }[] = [];
    for await (const event of server.ctx.store.readAll()) events.push(event);
    const hashes = events
      .filter((event) => event.type === 'UserCreated' || event.type === 'UserPasswordChanged')
      .map((event) => event.data as { password_hash: string | null; is_bot?: boolean })
      // The notification bot has no password at all.
      .filter((data) => data.is_bot !== true)
      .map((data) => data.password_hash);
    expect(hashes).to.have.length(4, 'owner, alice, bob, and alice again');
    for (const hash of hashes) expect(hash).to.be.a('string').and.match(/^scrypt\$/);
  });
});
