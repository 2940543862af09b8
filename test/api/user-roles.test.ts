import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { numberField, objectField, objectsField } from '../support/json-fields.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('PATCH /users/{user_id} and PATCH /users/{email}', () => {
  let server: TestServer;
  let admin: ApiClient;

  const userOf = async (userId: number, params: Record<string, unknown> = {}) => {
    const res = await server.owner.get(`/users/${userId}`, params);
    expect(res.status).to.equal(200);
    return objectField(res.body, 'user');
  };
  const roleOf = async (userId: number): Promise<number> => numberField(await userOf(userId), 'role');
  const expectBadRequest = (res: ApiResponse, msg: string) => {
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ result: 'error', code: 'BAD_REQUEST', msg });
  };

  before(async () => {
    server = await startTestServer();
    admin = await server.createUser('Admin', 200);
  });
  after(() => server.stop());

  describe('full_name', () => {
    it('renames a user selected by id, visible afterwards', async () => {
      const member = await server.createUser('Renamed');
      const res = await admin.patch(`/users/${member.userId}`, { full_name: 'Renamed By Id' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ result: 'success', msg: '' });
      expect((await userOf(member.userId)).full_name).to.equal('Renamed By Id');
    });

    it('renames a user selected by address, visible afterwards', async () => {
      const member = await server.createUser('Addressed');
      const res = await admin.patch(`/users/${encodeURIComponent(member.email)}`, { full_name: 'Renamed By Email' });
      expect(res.status).to.equal(200);
      expect((await userOf(member.userId)).full_name).to.equal('Renamed By Email');
    });

    it('refuses a user below administrator and leaves the name alone', async () => {
      const member = await server.createUser('Plain');
      const other = await server.createUser('Other');
      expectBadRequest(await member.patch(`/users/${other.userId}`, { full_name: 'Hijacked' }), 'Insufficient permission');
      expect((await userOf(other.userId)).full_name).to.equal('Other');
    });

    it('refuses an unknown user with 400', async () => {
      expectBadRequest(await admin.patch('/users/999999', { full_name: 'Nobody' }), 'No such user');
    });
  });

  describe('role', () => {
    it('lets an administrator make a member a moderator', async () => {
      const member = await server.createUser('Future Moderator');
      expect((await admin.patch(`/users/${member.userId}`, { role: 300 })).status).to.equal(200);
      expect(await userOf(member.userId)).to.include({ role: 300, is_admin: false, is_owner: false });
    });

    it('refuses a moderator changing roles', async () => {
      const moderator = await server.createUser('Moderator', 300);
      const member = await server.createUser('Target');
      expectBadRequest(await moderator.patch(`/users/${member.userId}`, { role: 300 }), 'Insufficient permission');
      expect(await roleOf(member.userId)).to.equal(400);
    });

    it('refuses an administrator granting the owner role', async () => {
      const member = await server.createUser('Would Be Owner');
      expectBadRequest(await admin.patch(`/users/${member.userId}`, { role: 100 }), 'Must be an organization owner to add or remove the owner role');
      expect(await roleOf(member.userId)).to.equal(400);
    });

    it('refuses an administrator removing the owner role', async () => {
      expectBadRequest(await admin.patch(`/users/${server.owner.userId}`, { role: 200 }), 'Must be an organization owner to add or remove the owner role');
      expect(await roleOf(server.owner.userId)).to.equal(100);
    });

    it('refuses to demote the only owner, and the owner stays owner', async () => {
      expectBadRequest(
        await server.owner.patch(`/users/${server.owner.userId}`, { role: 200 }),
        'The owner permission cannot be removed from the only organization owner.',
      );
      expect(await userOf(server.owner.userId)).to.include({ role: 100, is_owner: true });
    });

    it('refuses to make a guest an administrator', async () => {
      const guest = await server.createUser('Guest', 600);
      expectBadRequest(
        await server.owner.patch(`/users/${guest.userId}`, { role: 200 }),
        'A guest cannot become an organization administrator; make them a member first.',
      );
      expect(await userOf(guest.userId)).to.include({ role: 600, is_guest: true });
    });

    it('refuses a role that does not exist (500), naming role', async () => {
      const member = await server.createUser('Odd Role');
      expectBadRequest(await admin.patch(`/users/${member.userId}`, { role: 500 }), "Invalid 'role': 500 is not a role");
      expect(await roleOf(member.userId)).to.equal(400);
    });

    it('lets an owner demote the first owner once a second owner exists', async () => {
      const second = await server.createUser('Second Owner');
      expect((await server.owner.patch(`/users/${second.userId}`, { role: 100 })).status).to.equal(200);
      expect(await roleOf(second.userId)).to.equal(100);
      expect((await second.patch(`/users/${server.owner.userId}`, { role: 200 })).status).to.equal(200);
      expect(await userOf(server.owner.userId)).to.include({ role: 200, is_owner: false, is_admin: true });
      // Put things back so later tests see the bootstrap owner as owner again.
      expect((await second.patch(`/users/${server.owner.userId}`, { role: 100 })).status).to.equal(200);
    });
  });

  describe('profile_data', () => {
    let fieldId: number;

    it('lets an administrator create a profile field, which GET /realm/profile_fields lists', async () => {
      const res = await admin.post('/realm/profile_fields', { name: 'Office', hint: 'Where to find you', field_type: 1 });
      expect(res.status).to.equal(200);
      expect(res.body.id).to.be.a('number');
      fieldId = numberField(res.body, 'id');
      const list = await admin.get('/realm/profile_fields');
      expect(list.status).to.equal(200);
      const field = objectsField(list.body, 'custom_fields').find((f) => f.id === fieldId);
      expect(field).to.include({ id: fieldId, name: 'Office', hint: 'Where to find you', type: 1 });
    });

    it('refuses a member creating a profile field', async () => {
      const member = await server.createUser('Field Maker');
      const refusedMember = await member.post('/realm/profile_fields', { name: 'Nope', field_type: 1 });
      expect(refusedMember.body).to.include({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    });

    it('sets a value, read back keyed by field id with include_custom_profile_fields', async () => {
      const member = await server.createUser('Profiled');
      const res = await admin.patch(`/users/${member.userId}`, { profile_data: JSON.stringify([{ id: fieldId, value: 'Room 101' }]) });
      expect(res.status).to.equal(200);
      const user = await userOf(member.userId, { include_custom_profile_fields: true });
      expect(user.profile_data).to.deep.equal({ [String(fieldId)]: { value: 'Room 101', rendered_value: null } });
    });

    it('clears a value given as the empty string', async () => {
      const member = await server.createUser('Cleared');
      await admin.patch(`/users/${member.userId}`, { profile_data: [{ id: fieldId, value: 'Room 7' }] });
      expect((await admin.patch(`/users/${encodeURIComponent(member.email)}`, { profile_data: [{ id: fieldId, value: '' }] })).status).to.equal(200);
      expect((await userOf(member.userId, { include_custom_profile_fields: true })).profile_data).to.deep.equal({});
    });

    it('refuses an unknown field id and sets nothing', async () => {
      const member = await server.createUser('Unprofiled');
      expectBadRequest(
        await admin.patch(`/users/${member.userId}`, { profile_data: [{ id: 424242, value: 'x' }] }),
        "Invalid 'profile_data': field id 424242 not found",
      );
      expect((await userOf(member.userId, { include_custom_profile_fields: true })).profile_data).to.deep.equal({});
    });
  });

  describe('new_email', () => {
    it("lets the bootstrap owner change a user's address; the user logs in with the new one", async () => {
      await server.owner.post('/users', { email: 'mover@test.example', password: 'mover-password', full_name: 'Mover' });
      const mover = await server.anonymous.login('mover@test.example', 'mover-password');
      const res = await server.owner.patch(`/users/${mover.userId}`, { new_email: 'Moved@Test.Example' });
      expect(res.status).to.equal(200);
      expect((await userOf(mover.userId)).email).to.equal('moved@test.example');

      const login = await server.anonymous.post('/fetch_api_key', { username: 'moved@test.example', password: 'mover-password' });
      expect(login.status).to.equal(200);
      expect(login.body).to.include({ email: 'moved@test.example', user_id: mover.userId });
      const oldLogin = await server.anonymous.post('/fetch_api_key', { username: 'mover@test.example', password: 'mover-password' });
      expect(oldLogin.status).to.equal(401);
    });

    it('frees the old address for a new account', async () => {
      const res = await server.owner.post('/users', { email: 'mover@test.example', password: 'another-pw', full_name: 'Newcomer' });
      expect(res.status).to.equal(200);
    });

    it('refuses a second owner without can_change_user_emails', async () => {
      const second = await server.createUser('Other Owner', 100);
      const member = await server.createUser('Stays Put');
      expectBadRequest(
        await second.patch(`/users/${member.userId}`, { new_email: 'elsewhere@test.example' }),
        "Insufficient permission: changing a user's email needs the can_change_user_emails permission",
      );
      expect((await userOf(member.userId)).email).to.equal(member.email);
    });

    it('refuses an administrator', async () => {
      const member = await server.createUser('Also Stays');
      const res = await admin.patch(`/users/${member.userId}`, { new_email: 'elsewhere2@test.example' });
      expect(res.status).to.equal(400);
      expect(res.body.code).to.equal('BAD_REQUEST');
      expect((await userOf(member.userId)).email).to.equal(member.email);
    });

    it('refuses an address already in use', async () => {
      const member = await server.createUser('Would Collide');
      expectBadRequest(await server.owner.patch(`/users/${member.userId}`, { new_email: admin.email.toUpperCase() }), `Email '${admin.email}' already in use`);
      expect((await userOf(member.userId)).email).to.equal(member.email);
    });

    it('refuses an invalid address naming new_email', async () => {
      const member = await server.createUser('Bad New Email');
      expectBadRequest(await server.owner.patch(`/users/${member.userId}`, { new_email: 'nope' }), "Invalid 'new_email': 'nope' is not a valid email address");
    });
  });
});
