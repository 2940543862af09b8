import { expect } from 'chai';
import { stringField } from '../support/json-fields.js';
import { OWNER_EMAIL, OWNER_PASSWORD, startTestServer, type TestServer } from '../support/test-server.js';

const CHALLENGE = 'Basic realm="chat"';

describe('Authentication', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  describe('HTTP Basic credentials on an authenticated endpoint', () => {
    it('refuses a request without credentials with UNAUTHORIZED and a challenge', async () => {
      const res = await server.anonymous.get('/users/me');
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({
        result: 'error',
        code: 'UNAUTHORIZED',
        msg: 'Not logged in: API authentication or user session required',
      });
      expect(res.headers.get('www-authenticate')).to.equal(CHALLENGE);
    });

    it('refuses a wrong API key for a real address with INVALID_API_KEY and a challenge', async () => {
      const res = await server.anonymous.withCredentials(OWNER_EMAIL, 'not-the-key').get('/users/me');
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ result: 'error', code: 'INVALID_API_KEY', msg: 'Invalid API key' });
      expect(res.headers.get('www-authenticate')).to.equal(CHALLENGE);
    });

    it('refuses a real API key presented with an unknown address with INVALID_API_KEY', async () => {
      const res = await server.anonymous.withCredentials('nobody@test.example', server.owner.credentials!.apiKey).get('/users/me');
      expect(res.status).to.equal(401);
      expect(res.body).to.include({ result: 'error', code: 'INVALID_API_KEY' });
    });

    it('accepts the address in any letter case', async () => {
      const res = await server.anonymous.withCredentials(OWNER_EMAIL.toUpperCase(), server.owner.credentials!.apiKey).get('/users/me');
      expect(res.status).to.equal(200);
      expect(res.body.email).to.equal(OWNER_EMAIL);
    });

    for (const [what, header] of [
      ['a non-Basic scheme', 'Bearer abcdef'],
      ['Basic without a colon-separated pair', `Basic ${Buffer.from('no-colon-here').toString('base64')}`],
      ['Basic with no payload', 'Basic'],
    ] as const) {
      it(`refuses a malformed Authorization header (${what}) with 401 UNAUTHORIZED`, async () => {
        const res = await server.anonymous.request('GET', '/users/me', undefined, { Authorization: header });
        expect(res.status).to.equal(401);
        expect(res.body).to.include({ result: 'error', code: 'UNAUTHORIZED' });
        expect(res.headers.get('www-authenticate')).to.equal(CHALLENGE);
      });
    }
  });

  describe('POST /fetch_api_key', () => {
    it('trades a correct address and password for the API key, address and user id', async () => {
      const res = await server.anonymous.post('/fetch_api_key', { username: OWNER_EMAIL, password: OWNER_PASSWORD });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ result: 'success', msg: '', email: OWNER_EMAIL, user_id: server.owner.userId });
      expect(res.body.api_key).to.be.a('string').with.length.greaterThan(0);
      const me = await server.anonymous.withCredentials(OWNER_EMAIL, stringField(res.body, 'api_key')).get('/users/me');
      expect(me.status).to.equal(200);
      expect(me.body.user_id).to.equal(server.owner.userId);
    });

    it('accepts the username in any letter case and answers with the stored address', async () => {
      const res = await server.anonymous.post('/fetch_api_key', { username: ' Owner@Test.Example ', password: OWNER_PASSWORD });
      expect(res.status).to.equal(200);
      expect(res.body.email).to.equal(OWNER_EMAIL);
    });

    it('refuses a wrong password with 401 AUTHENTICATION_FAILED', async () => {
      const res = await server.anonymous.post('/fetch_api_key', { username: OWNER_EMAIL, password: 'wrong-password' });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ result: 'error', code: 'AUTHENTICATION_FAILED', msg: 'Your username or password is incorrect' });
    });

    it('refuses an unknown user with the same 401 AUTHENTICATION_FAILED answer', async () => {
      const res = await server.anonymous.post('/fetch_api_key', { username: 'ghost@test.example', password: OWNER_PASSWORD });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ result: 'error', code: 'AUTHENTICATION_FAILED', msg: 'Your username or password is incorrect' });
    });

    it('refuses a request without a username with REQUEST_VARIABLE_MISSING naming it', async () => {
      const res = await server.anonymous.post('/fetch_api_key', { password: OWNER_PASSWORD });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        result: 'error',
        code: 'REQUEST_VARIABLE_MISSING',
        msg: "Missing 'username' argument",
        var_name: 'username',
      });
    });

    it('refuses a request without a password with REQUEST_VARIABLE_MISSING naming it', async () => {
      const res = await server.anonymous.post('/fetch_api_key', { username: OWNER_EMAIL });
      expect(res.status).to.equal(400);
      expect(res.body).to.include({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'password' });
    });
  });

  describe('POST /users/me/api_key/regenerate', () => {
    it('returns a new key; the old one stops working and the new one works', async () => {
      const alice = await server.createUser('Alice');
      const oldKey = alice.credentials!.apiKey;
      const res = await alice.post('/users/me/api_key/regenerate');
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ result: 'success', msg: '' });
      expect(res.body.api_key).to.be.a('string').and.not.equal(oldKey);

      const withOld = await alice.get('/users/me');
      expect(withOld.status).to.equal(401);
      expect(withOld.body.code).to.equal('INVALID_API_KEY');

      const withNew = await alice.withCredentials(alice.email, stringField(res.body, 'api_key'), alice.userId).get('/users/me');
      expect(withNew.status).to.equal(200);
      expect(withNew.body.user_id).to.equal(alice.userId);
    });

    it('makes fetch_api_key hand out the new key afterwards', async () => {
      const password = 'bob-password-1';
      await server.owner.post('/users', { email: 'bob@test.example', password, full_name: 'Bob' });
      const bob = await server.anonymous.login('bob@test.example', password);
      const regenerated = await bob.post('/users/me/api_key/regenerate');
      const fetched = await server.anonymous.post('/fetch_api_key', { username: 'bob@test.example', password });
      expect(fetched.status).to.equal(200);
      expect(fetched.body.api_key).to.equal(regenerated.body.api_key);
    });

    it('requires authentication', async () => {
      const res = await server.anonymous.post('/users/me/api_key/regenerate');
      expect(res.status).to.equal(401);
      expect(res.body.code).to.equal('UNAUTHORIZED');
    });
  });

  describe('routing errors', () => {
    it('answers an unknown path under /api/v1 with a 404 JSON envelope', async () => {
      const res = await server.owner.get('/no/such/endpoint');
      expect(res.status).to.equal(404);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      expect(res.body).to.deep.equal({ result: 'error', code: 'NOT_FOUND', msg: 'Endpoint not found: GET /api/v1/no/such/endpoint' });
    });

    it('answers a wrong method on a known path with 405, the allowed methods and an Allow header', async () => {
      const res = await server.owner.delete('/users');
      expect(res.status).to.equal(405);
      expect(res.body).to.deep.equal({
        result: 'error',
        code: 'METHOD_NOT_ALLOWED',
        msg: 'Method Not Allowed',
        allowed_methods: ['GET', 'POST'],
      });
      expect(res.headers.get('allow')).to.equal('GET, POST');
    });

    it('answers a wrong method on a parameterised path with the methods of that path', async () => {
      const res = await server.owner.post(`/users/${server.owner.userId}`);
      expect(res.status).to.equal(405);
      expect(res.body.allowed_methods).to.deep.equal(['GET', 'PATCH', 'DELETE']);
      expect(res.headers.get('allow')).to.equal('GET, PATCH, DELETE');
    });
  });
});
