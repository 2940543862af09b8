import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { expectBadRequest, expectFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('PATCH and DELETE /realm/profile_fields', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient;
  const create = async (name: string): Promise<number> =>
    expectSuccess(await admin.post('/realm/profile_fields', { name, hint: `About ${name}`, field_type: 1 })).id as number;
  const listed = async (): Promise<Record<string, unknown>[]> => expectSuccess(await member.get('/realm/profile_fields')).custom_fields as Record<string, unknown>[];

  before(async () => {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
  });
  after(() => server.stop());

  it('updates a field: label, hint and flags, as GET lists it', async () => {
    const id = await create('Team');
    expectSuccess(await admin.patch(`/realm/profile_fields/${id}`, { name: 'Squad', hint: 'Which squad', display_in_profile_summary: true, required: true, editable_by_user: false }));
    expect((await listed()).find((field) => field.id === id)).to.deep.equal({
      id, name: 'Squad', hint: 'Which squad', type: 1, order: 0, field_data: '', display_in_profile_summary: true, required: true, editable_by_user: false,
    });
  });

  it('refuses members, unknown fields, taken labels and a third summary field', async () => {
    const [a, b, c] = [await create('Alpha'), await create('Beta'), await create('Gamma')];
    expectFailure(await member.patch(`/realm/profile_fields/${a}`, { name: 'Mine' }), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectFailure(await member.delete(`/realm/profile_fields/${a}`), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectBadRequest(await admin.patch('/realm/profile_fields/9999', { name: 'Ghost' }), 'Field id 9999 not found.');
    expectBadRequest(await admin.delete('/realm/profile_fields/9999'), 'Field id 9999 not found.');
    expectBadRequest(await admin.patch(`/realm/profile_fields/${a}`, { name: 'beta' }), "'name'");
    expectBadRequest(await admin.patch(`/realm/profile_fields/${a}`, { name: '' }), "'name'");
    expectSuccess(await admin.patch(`/realm/profile_fields/${b}`, { display_in_profile_summary: true }));
    expectBadRequest(await admin.patch(`/realm/profile_fields/${c}`, { display_in_profile_summary: true }), "'display_in_profile_summary'");
    expect((await listed()).find((field) => field.id === a)).to.include({ name: 'Alpha' });
  });

  it('deletes a field and every value users gave it', async () => {
    const id = await create('Desk');
    expectSuccess(await admin.patch(`/users/${member.userId}`, { profile_data: [{ id, value: 'B12' }] }));
    expectSuccess(await admin.delete(`/realm/profile_fields/${id}`));
    expect((await listed()).map((field) => field.id)).to.not.include(id);
    const user = expectSuccess(await admin.get(`/users/${member.userId}`, { include_custom_profile_fields: true })).user as { profile_data: Record<string, unknown> };
    expect(user.profile_data).to.not.have.property(String(id));
    expectBadRequest(await admin.patch(`/users/${member.userId}`, { profile_data: [{ id, value: 'B13' }] }), `field id ${id} not found`);
  });

  it('reorders the fields when the order names each exactly once', async () => {
    const ids = (await listed()).map((field) => field.id as number);
    const reversed = [...ids].reverse();
    expectFailure(await member.patch('/realm/profile_fields', { order: reversed }), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectBadRequest(await admin.patch('/realm/profile_fields', { order: reversed.slice(1) }), "'order'");
    expectBadRequest(await admin.patch('/realm/profile_fields', { order: [...reversed, reversed[0]] }), "'order'");
    expectSuccess(await admin.patch('/realm/profile_fields', { order: reversed }));
    const after = await listed();
    expect(after.map((field) => field.id)).to.deep.equal(reversed);
    expect(after.map((field) => field.order)).to.deep.equal(reversed.map((_, index) => index));
    // A field created afterwards goes last.
    const last = await create('Latest');
    expect((await listed()).at(-1)).to.include({ id: last, order: reversed.length });
  });
});

describe('PATCH /realm/user_settings_defaults', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient;

  before(async () => {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
  });
  after(() => server.stop());

  it('gives new users the defaults, leaves existing users alone, and lists unsupported parameters', async () => {
    const res = expectSuccess(await admin.patch('/realm/user_settings_defaults', { twenty_four_hour_time: true, emojiset: 'text', enable_sounds: false, timezone: 'Asia/Tokyo', full_name: 'X' }));
    expect(res.ignored_parameters_unsupported).to.have.members(['timezone', 'full_name']);
    const newcomer = await server.createUser('Nina Newcomer');
    const own = expectSuccess(await newcomer.post('/register', { fetch_event_types: ['user_settings', 'realm_user_settings_defaults'] }));
    expect(own.user_settings).to.include({ twenty_four_hour_time: true, emojiset: 'text', enable_sounds: false });
    expect(own.realm_user_settings_defaults).to.include({ twenty_four_hour_time: true, emojiset: 'text', enable_sounds: false });
    expect(own.realm_user_settings_defaults).to.have.property('emojiset_choices');
    expect(own.realm_user_settings_defaults).to.not.have.property('timezone');
    const old = expectSuccess(await member.post('/register', { fetch_event_types: ['user_settings'] }));
    expect(old.user_settings).to.include({ twenty_four_hour_time: false, emojiset: 'google', enable_sounds: true });
  });

  it('refuses members and bad values, changing nothing', async () => {
    expectFailure(await member.patch('/realm/user_settings_defaults', { enter_sends: true }), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectBadRequest(await admin.patch('/realm/user_settings_defaults', { enter_sends: true, notification_sound: 'trombone' }), "'notification_sound'");
    expectBadRequest(await admin.patch('/realm/user_settings_defaults', { web_font_size_px: 99 }), 'web_font_size_px');
    const state = expectSuccess(await member.post('/register', { fetch_event_types: ['realm_user_settings_defaults'] }));
    expect(state.realm_user_settings_defaults).to.include({ enter_sends: false });
  });
});
