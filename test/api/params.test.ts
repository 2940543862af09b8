import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { numberField, objectField, stringField } from '../support/json-fields.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('Request parameters', () => {
  let server: TestServer;
  let member: ApiClient;
  let fieldId: number;

  const settingsOf = async (userId: number) => (await server.ctx.models.users.get(userId))!.settings;
  const fullNameOf = async (userId: number): Promise<string> => stringField(objectField((await server.owner.get(`/users/${userId}`)).body, 'user'), 'full_name');

  before(async () => {
    server = await startTestServer();
    member = await server.createUser('Member');
    const field = await server.owner.post('/realm/profile_fields', { name: 'Team', field_type: 1 });
    fieldId = numberField(field.body, 'id');
  });
  after(() => server.stop());

  describe('where they come from', () => {
    it('reads a GET request from the query string', async () => {
      const res = await server.owner.get(`/users/${member.userId}`, { client_gravatar: 'false', include_custom_profile_fields: 'true' });
      expect(res.status).to.equal(200);
      const user = objectField(res.body, 'user');
      expect(user.avatar_url).to.be.a('string');
      expect(user.profile_data).to.deep.equal({});
      expect(res.body).to.not.have.property('ignored_parameters_unsupported');
    });

    it('reads a PATCH request from the query string too', async () => {
      const res = await server.owner.request('PATCH', `/users/${member.userId}?full_name=From%20Query`);
      expect(res.status).to.equal(200);
      expect(await fullNameOf(member.userId)).to.equal('From Query');
    });

    it('reads an urlencoded body', async () => {
      const res = await server.owner.patch(`/users/${member.userId}`, { full_name: 'From Form' });
      expect(res.status).to.equal(200);
      expect(await fullNameOf(member.userId)).to.equal('From Form');
    });

    it('reads a multipart/form-data body', async () => {
      const form = new FormData();
      form.append('full_name', 'From Multipart');
      form.append('profile_data', JSON.stringify([{ id: fieldId, value: 'Platform' }]));
      const res = await server.owner.request('PATCH', `/users/${member.userId}`, form);
      expect(res.status).to.equal(200);
      const read = await server.owner.get(`/users/${member.userId}`, { include_custom_profile_fields: 'true' });
      const user = objectField(read.body, 'user');
      expect(user.full_name).to.equal('From Multipart');
      expect(objectField(user, 'profile_data')[String(fieldId)]).to.include({ value: 'Platform' });
    });

    for (const [what, contentType, body] of [
      ['a truncated multipart body', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="full_name"\r\n\r\nCut'],
      ['a multipart body without a boundary', 'multipart/form-data', 'full_name=Nope'],
    ]) {
      it(`refuses ${what} with 400 BAD_REQUEST, not a server error`, async () => {
        const { email, apiKey } = member.credentials!;
        const authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
        const nameBefore = (await member.get('/users/me')).body.full_name;
        const headers = { Authorization: authorization, 'Content-Type': contentType };
        const res = await fetch(`${server.url}/api/v1/settings`, { method: 'PATCH', headers, body });
        expect(res.status).to.equal(400);
        const json = (await res.json()) as Record<string, unknown>;
        expect(json).to.include({ result: 'error', code: 'BAD_REQUEST' });
        expect(json.msg).to.match(/^Malformed multipart body: /);
        expect((await member.get('/users/me')).body.full_name).to.equal(nameBefore);
      });
    }

    it('lets the body win over the query string when both name a parameter', async () => {
      const form = new URLSearchParams({ full_name: 'Body Wins' });
      const res = await server.owner.request('PATCH', `/users/${member.userId}?full_name=Query%20Loses`, form);
      expect(res.status).to.equal(200);
      expect(await fullNameOf(member.userId)).to.equal('Body Wins');
    });
  });

  describe('JSON-encoded parameters', () => {
    it('decodes a JSON list (profile_data) into its elements', async () => {
      const res = await server.owner.patch(`/users/${member.userId}`, { profile_data: [{ id: fieldId, value: 'Infra' }] });
      expect(res.status).to.equal(200);
      const read = await server.owner.get(`/users/${member.userId}`, { include_custom_profile_fields: 'true' });
      expect(objectField(read.body, 'user').profile_data).to.deep.equal({ [String(fieldId)]: { value: 'Infra', rendered_value: null } });
    });

    it('refuses a value that is not JSON with BAD_REQUEST naming the parameter', async () => {
      const res = await server.owner.patch(`/users/${member.userId}`, { profile_data: '[{id: oops' });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: "Argument 'profile_data' is not valid JSON.",
      });
    });

    it('refuses JSON of the wrong shape with BAD_REQUEST naming the parameter', async () => {
      const res = await server.owner.patch(`/users/${member.userId}`, { profile_data: '{"id": 1}' });
      expect(res.status).to.equal(400);
      expect(res.body).to.include({ code: 'BAD_REQUEST' });
      expect(res.body).to.not.have.property('var_name');
      expect(res.body.msg).to.contain("'profile_data'");
    });
  });

  describe('coercion and validation', () => {
    it('coerces the strings "true" and "false" to booleans', async () => {
      expect((await member.patch('/settings', { twenty_four_hour_time: 'true' })).status).to.equal(200);
      expect((await settingsOf(member.userId)).twenty_four_hour_time).to.equal(true);
      expect((await member.patch('/settings', { twenty_four_hour_time: 'false' })).status).to.equal(200);
      expect((await settingsOf(member.userId)).twenty_four_hour_time).to.equal(false);
    });

    it('refuses a boolean given as another word, naming the parameter', async () => {
      const res = await member.patch('/settings', { twenty_four_hour_time: 'yes' });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: "Invalid 'twenty_four_hour_time': must be boolean",
      });
    });

    it('coerces a numeric string to an integer', async () => {
      expect((await member.patch('/settings', { web_font_size_px: '18' })).status).to.equal(200);
      expect((await settingsOf(member.userId)).web_font_size_px).to.equal(18);
    });

    it('refuses "abc" for an integer parameter with BAD_REQUEST naming it, and changes nothing', async () => {
      const res = await member.patch('/settings', { web_font_size_px: 'abc' });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: "Invalid 'web_font_size_px': must be integer",
      });
      expect((await settingsOf(member.userId)).web_font_size_px).to.equal(18);
    });

    it('refuses a value outside an enumeration (color_scheme=9) naming the parameter', async () => {
      const res = await member.patch('/settings', { color_scheme: '9' });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: "Invalid 'color_scheme': must be one of 1, 2, 3",
      });
      expect((await settingsOf(member.userId)).color_scheme).to.equal(1);
    });
  });

  describe('parameters an endpoint does not take', () => {
    it('lists them in ignored_parameters_unsupported and still applies the known ones', async () => {
      const res = await member.patch('/settings', { high_contrast_mode: 'true', no_such_setting: '1', dense_mode: 'true' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        result: 'success',
        msg: '',
        ignored_parameters_unsupported: ['no_such_setting', 'dense_mode'],
      });
      expect((await settingsOf(member.userId)).high_contrast_mode).to.equal(true);
    });

    it('reports unknown query-string parameters of a GET the same way', async () => {
      const res = await server.owner.get('/users', { bogus: 'x' });
      expect(res.status).to.equal(200);
      expect(res.body.ignored_parameters_unsupported).to.deep.equal(['bogus']);
      expect(res.body.members).to.be.an('array');
    });

    it('leaves the field out of a success that had none', async () => {
      const res = await member.patch('/settings', { high_contrast_mode: 'false' });
      expect(res.body).to.deep.equal({ result: 'success', msg: '' });
    });
  });
});
