import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { botMessages } from '../support/bot-messages.js';
import { createChannels } from '../support/channel-requests.js';
import { objectField } from '../support/json-fields.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('new channels: the notification bot announces them, as the public server does', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient, announcements: number;

  const noticesIn = async (channelId: number): Promise<Record<string, unknown>[]> =>
    (await botMessages(server)).filter((data) => (data.recipient as { channel_id?: number }).channel_id === channelId);

  before(async () => {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
    [announcements] = await createChannels(admin, ['announcements'], { principals: [admin.userId, member.userId] });
  });
  after(() => server.stop());

  it('an administrator picks the announcements channel with PATCH /realm: realm update event, register, and refusals', async () => {
    const queue = await registerQueue(member, { event_types: ['realm'] });
    expect(queue.state.realm_new_stream_announcements_stream_id).to.equal(-1);
    expectFailure(await member.patch('/realm', { new_stream_announcements_stream_id: announcements }), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectFailure(await admin.patch('/realm', { new_stream_announcements_stream_id: 9999 }), 'BAD_REQUEST', 'Invalid channel ID');
    expectSuccess(await admin.patch('/realm', { new_stream_announcements_stream_id: announcements }));
    const [event] = ofType(await drain(queue), 'realm', 'update');
    expect(event).to.include({ property: 'new_stream_announcements_stream_id', value: announcements });
    expect((await registerQueue(member)).state.realm_new_stream_announcements_stream_id).to.equal(announcements);
  });

  it('the moderation request channel must be a private channel the administrator can reach', async () => {
    expectFailure(await admin.patch('/realm', { moderation_request_channel_id: announcements }), 'BAD_REQUEST', 'Moderation request channel must be private.');
    const [moderators] = await createChannels(admin, ['moderators'], { invite_only: true });
    expectSuccess(await admin.patch('/realm', { moderation_request_channel_id: moderators }));
    expect((await registerQueue(admin)).state.realm_moderation_request_channel_id).to.equal(moderators);
  });

  it('subscribing with announce: the announcement in "new channels", with a link to the new channel, and its message event', async () => {
    const queue = await registerQueue(member, { event_types: ['message'] });
    const before = (await noticesIn(announcements)).length;
    expectSuccess(await member.post('/users/me/subscriptions', { subscriptions: [{ name: 'garden', description: 'Plants **only**' }], announce: true }));
    const garden = (await server.ctx.models.channels.findOne('name_key', 'garden'))!.channel_id;
    const [announced] = (await noticesIn(announcements)).slice(before);
    expect(announced).to.deep.include({ recipient: { type: 'channel', channel_id: announcements, topic: 'new channels' }, content: `@_**Mia Member|${member.userId}** created a new channel #**garden**.` });
    expect(announced.rendered_content).to.contain(`data-stream-id="${garden}"`);
    expect(announced.read).to.include(member.userId).and.not.include(admin.userId);
    // Then the new channel's own notice, in the public server's order.
    const [own] = await noticesIn(garden);
    expect(own.message_id).to.equal((announced.message_id as number) + 1);
    const ids = ofType(await drain(queue), 'message').map((event) => objectField(event, 'message').id);
    expect(ids).to.deep.equal([announced.message_id, own.message_id]);
  });

  it('POST /channels/create announces a public channel; not a private one, nor without announce', async () => {
    const before = (await noticesIn(announcements)).length;
    const web = expectSuccess(await admin.post('/channels/create', { name: 'plans', subscribers: [admin.userId], announce: true })).id as number;
    const secret = expectSuccess(await admin.post('/channels/create', { name: 'vault', subscribers: [admin.userId], invite_only: true, history_public_to_subscribers: false, announce: true })).id as number;
    const quiet = expectSuccess(await admin.post('/channels/create', { name: 'quiet', subscribers: [admin.userId] })).id as number;
    expect((await noticesIn(announcements)).slice(before).map((data) => data.content)).to.deep.equal([`@_**Ada Admin|${admin.userId}** created a new channel #**plans**.`]);
    // Each still starts with its own notice in "channel events", and nothing else.
    for (const channelId of [web, secret, quiet]) {
      expect((await noticesIn(channelId)).map((data) => (data.recipient as { topic: string }).topic)).to.deep.equal(['channel events']);
    }
  });

  it('several channels created at once are announced together; nothing when the organization has no announcements channel', async () => {
    const before = (await noticesIn(announcements)).length;
    expectSuccess(await admin.post('/users/me/subscriptions', { subscriptions: [{ name: 'north' }, { name: 'south' }], announce: true }));
    expect((await noticesIn(announcements)).slice(before).map((data) => data.content)).to.deep.equal([`@_**Ada Admin|${admin.userId}** created the following channels: #**north**, #**south**.`]);
    expectSuccess(await admin.patch('/realm', { new_stream_announcements_stream_id: -1 }));
    expectSuccess(await admin.post('/users/me/subscriptions', { subscriptions: [{ name: 'east' }], announce: true }));
    expect(await noticesIn(announcements)).to.have.length(before + 1);
  });
});
