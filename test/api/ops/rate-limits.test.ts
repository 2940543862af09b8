import { expect } from 'chai';
import type { ApiResponse } from '../../support/api-client.js';
import { registerQueue } from '../../support/realtime-client.js';
import { OWNER_EMAIL, OWNER_PASSWORD, startTestServer, type TestServer } from '../../support/test-server.js';

/** The 429 a client gets over any limit: Zulip's RATE_LIMIT_HIT with retry-after in the body and the header. */
function expectRateLimited(res: ApiResponse, windowSeconds: number): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(429);
  expect(res.body).to.include({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit' });
  const retryAfter = res.body['retry-after'];
  expect(retryAfter).to.be.a('number').within(0.001, windowSeconds);
  const header = Number(res.headers.get('retry-after'));
  expect(header).to.be.within(1, windowSeconds);
  expect(header).to.equal(Math.max(1, Math.ceil(Number(retryAfter))));
}

describe('ops: rate limits', function () {
  this.timeout(20000);

  describe('per user', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ env: { CHAT_RATE_LIMIT_USER: '5/60' } });
    });
    after(() => server.stop());

    it('answers 429 RATE_LIMIT_HIT once a user passes the limit, other users unaffected, polls not counted', async () => {
      const ann = await server.createUser('Ann');
      const ben = await server.createUser('Ben');
      const queue = await registerQueue(ann);
      for (let i = 0; i < 10; i++) {
        const poll = await ann.get('/events', { queue_id: queue.queueId, last_event_id: queue.lastEventId, dont_block: true });
        expect(poll.status, JSON.stringify(poll.body)).to.equal(200);
      }
      for (let i = 0; i < 4; i++) expect((await ann.get('/users/me')).status).to.equal(200);
      expectRateLimited(await ann.get('/users/me'), 60);
      expectRateLimited(await ann.post('/messages', { type: 'stream', to: 'general', topic: 't', content: 'x' }), 60);
      expect((await ben.get('/users/me')).status).to.equal(200);
    });
  });

  describe('the X-RateLimit-* headers', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ env: { CHAT_RATE_LIMIT_USER: '3/60', CHAT_RATE_LIMIT_IP: '50/30' } });
    });
    after(() => server.stop());

    const headers = (res: ApiResponse) => ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].map((name) => res.headers.get(name));

    it('normal answers say the limit, what is left of it and when it starts over; the refusal says none is left', async () => {
      const cy = await server.createUser('Cy');
      const before = Math.floor(Date.now() / 1000);
      const first = await cy.get('/users/me');
      expect(first.status).to.equal(200);
      const [limit, remaining, reset] = headers(first);
      expect([limit, remaining]).to.deep.equal(['3', '2']);
      expect(Number(reset)).to.be.within(before, before + 61);
      expect(headers(await cy.post('/users/me/presence', { status: 'active' }))[1]).to.equal('1');
      expect(headers(await cy.get('/users/me'))[1]).to.equal('0');
      const refused = await cy.get('/users/me');
      expectRateLimited(refused, 60);
      expect(headers(refused).slice(0, 2)).to.deep.equal(['3', '0']);
      const stranger = await server.anonymous.get('/server_settings');
      expect(stranger.status).to.equal(200);
      expect(headers(stranger)[0]).to.equal('50');
    });
  });

  describe('per address, for unauthenticated requests', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ env: { CHAT_RATE_LIMIT_IP: '4/30' } });
    });
    after(() => server.stop());

    it('counts requests without credentials by address, and not authenticated ones', async () => {
      for (let i = 0; i < 10; i++) expect((await server.owner.get('/users/me')).status).to.equal(200);
      // The owner's login in startTestServer was one request from this address.
      for (let i = 0; i < 3; i++) expect((await server.anonymous.get('/server_settings')).status).to.equal(200);
      expectRateLimited(await server.anonymous.get('/server_settings'), 30);
      expectRateLimited(await server.anonymous.post('/fetch_api_key', { username: OWNER_EMAIL, password: OWNER_PASSWORD }), 30);
      // Pages anyone may open share the address's count.
      const page = await fetch(`${server.url}/join/some-key/`);
      expect(page.status).to.equal(429);
      expect(Number(page.headers.get('retry-after'))).to.be.within(1, 30);
      expect(await page.json()).to.include({ code: 'RATE_LIMIT_HIT' });
    });
  });

  describe('authentication attempts, per account name (Zulip: authenticate_by_username)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ env: { CHAT_RATE_LIMIT_AUTH: '3/600' } });
    });
    after(() => server.stop());

    const password = (username: string, pw: string) => server.anonymous.post('/fetch_api_key', { username, password: pw });

    it("refuses a name's passwords once its failures pass the limit, right ones too; other accounts and API keys from the same address go on", async () => {
      const bob = await server.createUser('Bob');
      for (let i = 0; i < 3; i++) expect((await password(OWNER_EMAIL, `guess-${i}`)).status).to.equal(401);
      // Three failures for the owner's name: even the right password is not checked now, nor a differently written name.
      expectRateLimited(await password(OWNER_EMAIL, OWNER_PASSWORD), 600);
      expectRateLimited(await password(` ${OWNER_EMAIL.toUpperCase()}`, OWNER_PASSWORD), 600);
      // Everyone else behind the same address is untouched: the owner's key, Bob's password and key.
      expect((await server.owner.get('/users/me')).status).to.equal(200);
      expect((await server.owner.post('/users/me/presence', { status: 'active' })).status).to.equal(200);
      expect((await bob.get('/users/me')).status).to.equal(200);
      expect((await password(bob.email, 'pw-Bob-1-secret')).status).to.equal(200);
    });

    it('counts names that have no account the same way, apart from every other name', async () => {
      for (let i = 0; i < 3; i++) expect((await password('nobody@test.example', `guess-${i}`)).status).to.equal(401);
      expectRateLimited(await password('nobody@test.example', 'guess-3'), 600);
      expect((await password('someone-else@test.example', 'guess')).status).to.equal(401);
    });

    it('clears a name\'s count when its password is right, as Zulip does', async () => {
      const carol = await server.createUser('Carol');
      const right = 'pw-Carol-2-secret';
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 2; i++) expect((await password(carol.email, 'wrong')).status).to.equal(401);
        expect((await password(carol.email, right)).status).to.equal(200);
      }
    });

    it('answers refused Basic credentials 429 past the limit, while the right key for the same name passes', async () => {
      const dan = await server.createUser('Dan');
      const badKey = server.anonymous.withCredentials(dan.email, 'not-the-key');
      for (let i = 0; i < 3; i++) expect((await badKey.get('/users/me')).status).to.equal(401);
      expectRateLimited(await badKey.get('/users/me'), 600);
      expect((await dan.get('/users/me')).status).to.equal(200);
      expect((await dan.post('/users/me/presence', { status: 'active' })).status).to.equal(200);
      // A key refused under another name counts against that name only.
      expect((await server.anonymous.withCredentials('eve@test.example', 'x').get('/users/me')).status).to.equal(401);
    });

    it('counts parallel guesses before reading them: no more than the limit are checked', async () => {
      const erin = await server.createUser('Erin');
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => password(erin.email, `parallel-${i}`)));
      expect(answers.filter((res) => res.status === 401)).to.have.length(3);
      expect(answers.filter((res) => res.status === 429)).to.have.length(7);
    });
  });

  it('is configured as N/S or off, and refuses anything else at start', async () => {
    const { configFromEnv } = await import('../../../services/api/src/config.js');
    expect(configFromEnv({}).rateLimits).to.deep.equal({ user: { points: 200, seconds: 60 }, ip: { points: 100, seconds: 60 }, auth: { points: 5, seconds: 1800 } });
    expect(configFromEnv({ CHAT_RATE_LIMIT_USER: 'off' }).rateLimits.user).to.equal(null);
    expect(() => configFromEnv({ CHAT_RATE_LIMIT_IP: '10 per minute' })).to.throw('CHAT_RATE_LIMIT_IP must be N/S');
    expect(() => configFromEnv({ CHAT_RATE_LIMIT_STORE: 'mongodb' })).to.throw('MONGO_URL');
  });
});
