import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { arrayField, numberField, objectsField } from '../support/json-fields.js';
import { OWNER_EMAIL, startTestServer, type TestServer } from '../support/test-server.js';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('Users: creating and reading', () => {
  let server: TestServer;
  let admin: ApiClient;

  const memberById = async (userId: number, params: Record<string, unknown> = {}) => {
    const res = await server.owner.get('/users', params);
    expect(res.status).to.equal(200);
    return objectsField(res.body, 'members').find((member) => member.user_id === userId);
  };

  before(async () => {
    server = await startTestServer();
    admin = await server.createUser('Admin', 200);
  });
  after(() => server.stop());

  describe('POST /users', () => {
    it('lets the owner create a member, who then appears in GET /users with every field', async () => {
      const res = await server.owner.post('/users', { email: 'New.Person@Test.Example', password: 'new-person-pw', full_name: '  New Person ' });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ result: 'success', msg: '' });
      expect(res.body.user_id).to.be.a('number');

      const member = await memberById(numberField(res.body, 'user_id'));
      expect(member).to.include({
        user_id: res.body.user_id,
        email: 'new.person@test.example',
        delivery_email: 'new.person@test.example',
        full_name: 'New Person',
        role: 400,
        is_admin: false,
        is_owner: false,
        is_guest: false,
        is_active: true,
        is_bot: false,
        avatar_url: null,
      });
      expect(member!.date_joined).to.be.a('string').and.match(ISO_8601);
      expect(member!.date_joined).to.equal(new Date(server.clock.now()).toISOString());
    });

    it('lets the new member log in with the password they were given', async () => {
      const res = await server.anonymous.post('/fetch_api_key', { username: 'new.person@test.example', password: 'new-person-pw' });
      expect(res.status).to.equal(200);
      expect(res.body.email).to.equal('new.person@test.example');
    });

    it('lets an administrator create a user too', async () => {
      const res = await admin.post('/users', { email: 'by-admin@test.example', password: 'by-admin-pw', full_name: 'By Admin' });
      expect(res.status).to.equal(200);
      const member = await memberById(numberField(res.body, 'user_id'));
      expect(member).to.include({ email: 'by-admin@test.example', full_name: 'By Admin', role: 400 });
    });

    for (const [label, role] of [
      ['a member', undefined],
      ['a moderator', 300],
      ['a guest', 600],
    ] as const) {
      it(`refuses ${label} with 400 BAD_REQUEST and creates no one`, async () => {
        const caller = await server.createUser(`Caller ${role ?? 400}`, role);
        const email = `not-created-${role ?? 400}@test.example`;
        const res = await caller.post('/users', { email, password: 'whatever-pw', full_name: 'Nope' });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ result: 'error', code: 'BAD_REQUEST', msg: 'Must be an organization administrator' });
        const all = await server.owner.get('/users');
        expect(objectsField(all.body, 'members').map((m) => m.email)).to.not.include(email);
      });
    }

    it('refuses an address already in use, whatever its letter case', async () => {
      const before = arrayField((await server.owner.get('/users')).body, 'members').length;
      const res = await server.owner.post('/users', { email: 'NEW.PERSON@test.example', password: 'another-pw', full_name: 'Twin' });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ result: 'error', code: 'BAD_REQUEST', msg: "Email 'new.person@test.example' already in use" });
      expect((await server.owner.get('/users')).body.members).to.have.length(before);
    });

    it('refuses an invalid address naming the email parameter', async () => {
      const res = await server.owner.post('/users', { email: 'not-an-address', password: 'some-password', full_name: 'Bad Address' });
      expect(res.status).to.equal(400);
      expect(res.body).to.include({ result: 'error', code: 'BAD_REQUEST' });
      expect(res.body.msg).to.equal("Invalid 'email': 'not-an-address' is not a valid email address");
    });

    it('refuses a request without full_name with REQUEST_VARIABLE_MISSING', async () => {
      const res = await server.owner.post('/users', { email: 'nameless@test.example', password: 'some-password' });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        result: 'error',
        code: 'REQUEST_VARIABLE_MISSING',
        msg: "Missing 'full_name' argument",
        var_name: 'full_name',
      });
    });

    it('refuses an empty full_name naming it', async () => {
      const res = await server.owner.post('/users', { email: 'blank@test.example', password: 'some-password', full_name: '   ' });
      expect(res.status).to.equal(400);
      expect(res.body).to.include({ code: 'BAD_REQUEST', msg: "Invalid 'full_name': name must not be empty" });
    });
  });

  describe('GET /users', () => {
    it('leaves avatar_url null by default, since client_gravatar defaults to true', async () => {
      const owner = await memberById(server.owner.userId);
      expect(owner!.avatar_url).to.equal(null);
    });

    it('gives an avatar_url with client_gravatar=false', async () => {
      const owner = await memberById(server.owner.userId, { client_gravatar: false });
      expect(owner!.avatar_url).to.be.a('string').and.match(/^https:\/\//);
    });

    it('shows the owner and the administrator with their roles', async () => {
      expect(await memberById(server.owner.userId)).to.include({ role: 100, is_owner: true, is_admin: true, is_guest: false });
      expect(await memberById(admin.userId)).to.include({ role: 200, is_owner: false, is_admin: true, is_guest: false });
    });
  });

  describe('GET /users/me', () => {
    it("answers with the caller's own record", async () => {
      const res = await server.owner.get('/users/me');
      expect(res.status).to.equal(200);
      expect(res.body).to.include({
        result: 'success',
        msg: '',
        user_id: server.owner.userId,
        email: OWNER_EMAIL,
        delivery_email: OWNER_EMAIL,
        full_name: 'Owner',
        role: 100,
        is_owner: true,
        is_admin: true,
        is_active: true,
      });
      expect(res.body.date_joined).to.match(ISO_8601);
    });
  });

  describe('GET /users/{user_id} and GET /users/{email}', () => {
    it('answers with {user: ...} for an id', async () => {
      const res = await server.owner.get(`/users/${admin.userId}`);
      expect(res.status).to.equal(200);
      expect(res.body.result).to.equal('success');
      expect(res.body.user).to.include({ user_id: admin.userId, email: admin.email, full_name: 'Admin', role: 200 });
    });

    it('answers with the same user for their address, in any letter case', async () => {
      const byId = await server.owner.get(`/users/${admin.userId}`);
      const byEmail = await server.owner.get(`/users/${encodeURIComponent(admin.email.toUpperCase())}`);
      expect(byEmail.status).to.equal(200);
      expect(byEmail.body.user).to.deep.equal(byId.body.user);
    });

    it('refuses an unknown id with 400 BAD_REQUEST', async () => {
      const res = await server.owner.get('/users/999999');
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
    });

    it('refuses an unknown address with 400 BAD_REQUEST', async () => {
      const res = await server.owner.get('/users/nobody@test.example');
      expect(res.status).to.equal(400);
      expect(res.body).to.include({ code: 'BAD_REQUEST', msg: 'No such user' });
    });
  });
});
