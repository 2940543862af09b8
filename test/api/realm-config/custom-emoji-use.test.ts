import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { applyEvents } from '../../support/apply-events.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { fetchMessage, react, reactionsOf, unreact } from '../../support/message-change-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { drainAll, registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import { type EmojiRecord, uploadEmoji } from './custom-emoji-support.js';

describe('custom emoji in reactions, Markdown, events and register', function () {
  let server: TestServer, admin: ApiClient, member: ApiClient;
  const record = async (name: string) =>
    Object.values(expectSuccess(await member.get('/realm/emoji')).emoji as Record<string, EmojiRecord>).find((one) => one.name === name && !one.deactivated)!;

  before(async function () {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
    await createChannels(admin, ['general']);
    expectSuccess(await subscribe(member, ['general']));
  });
  after(() => server.stop());

  it('reacts by name or by id with reaction_type realm_emoji; after deactivation reactions stay, can be voted for and removed, but none is added anew', async function () {
    expectSuccess(await uploadEmoji(member, 'green_tick'));
    const tick = await record('green_tick');
    const messageId = await postToChannel(admin, 'general', 'review', 'ship it?');
    const other = await postToChannel(admin, 'general', 'review', 'and this?');
    const fresh = await postToChannel(admin, 'general', 'review', 'and that?');
    const reaction = { emoji_name: 'green_tick', emoji_code: tick.id, reaction_type: 'realm_emoji' };
    expectSuccess(await react(member, messageId, { emoji_name: 'green_tick' }));
    expectSuccess(await react(admin, other, reaction));
    expect(await reactionsOf(admin, messageId)).to.deep.equal([{ ...reaction, user_id: member.userId }]);
    expectExactFailure(await react(admin, messageId, { ...reaction, emoji_code: '999' }), 'BAD_REQUEST', "Invalid custom emoji code '999'");
    expectSuccess(await member.delete('/realm/emoji/green_tick'));
    expectSuccess(await react(admin, messageId, reaction));
    expect(await reactionsOf(admin, messageId)).to.deep.equal([{ ...reaction, user_id: member.userId }, { ...reaction, user_id: admin.userId }]);
    expectExactFailure(await react(member, fresh, reaction), 'BAD_REQUEST', "Custom emoji 'green_tick' is deactivated");
    expectExactFailure(await react(member, fresh, { emoji_name: 'green_tick' }), 'BAD_REQUEST', "Invalid 'emoji_name': emoji 'green_tick' does not exist");
    expectSuccess(await unreact(admin, other, { emoji_code: tick.id, reaction_type: 'realm_emoji' }));
    expect(await reactionsOf(admin, other)).to.deep.equal([]);
  });

  it('renders :name: as the image while active; a message sent before deactivation keeps it, a later one shows text', async function () {
    expectSuccess(await uploadEmoji(member, 'rocket_ship'));
    const ship = await record('rocket_ship');
    const before = await postToChannel(member, 'general', 'launch', 'go :rocket_ship:');
    const image = `<img alt=":rocket_ship:" class="emoji" src="${ship.source_url}" title="rocket ship">`;
    expect((await fetchMessage(member, before)).content).to.equal(`<p>go ${image}</p>`);
    expectSuccess(await member.delete('/realm/emoji/rocket_ship'));
    const after = await postToChannel(member, 'general', 'launch', 'go :rocket_ship:');
    expect((await fetchMessage(member, after)).content).to.equal('<p>go :rocket_ship:</p>');
    expect((await fetchMessage(member, before)).content).to.equal(`<p>go ${image}</p>`);
  });

  it('a user status may use an active custom emoji, by name alone or with its id and type', async function () {
    expectSuccess(await uploadEmoji(member, 'on_call'));
    const onCall = await record('on_call');
    expectSuccess(await member.post('/users/me/status', { status_text: 'paged', emoji_name: 'on_call' }));
    const status = { status_text: 'paged', emoji_name: 'on_call', emoji_code: onCall.id, reaction_type: 'realm_emoji' };
    expect(expectSuccess(await admin.get(`/users/${member.userId}/status`)).status).to.deep.equal(status);
    expectSuccess(await admin.post('/users/me/status', { emoji_name: 'on_call', emoji_code: onCall.id, reaction_type: 'realm_emoji' }));
    expectSuccess(await member.delete('/realm/emoji/on_call'));
    expectExactFailure(await admin.post('/users/me/status', { emoji_name: 'on_call', emoji_code: onCall.id, reaction_type: 'realm_emoji' }), 'BAD_REQUEST', "Custom emoji 'on_call' is deactivated");
  });

  it('sends every user the whole set on each change, and old snapshot + events == fresh snapshot', async function () {
    const queue = await registerQueue(member, { fetch_event_types: ['realm_emoji'] });
    const old = structuredClone(queue.state);
    expectSuccess(await uploadEmoji(admin, 'first_one'));
    expectSuccess(await uploadEmoji(member, 'second_one'));
    expectSuccess(await admin.delete('/realm/emoji/first_one'));
    const events = await drainAll(queue);
    expect(events.map((event) => [event.type, event.op])).to.deep.equal([['realm_emoji', 'update'], ['realm_emoji', 'update'], ['realm_emoji', 'update']]);
    const fresh = (await registerQueue(member, { fetch_event_types: ['realm_emoji'] })).state;
    expect(events[2].realm_emoji).to.deep.equal(fresh.realm_emoji);
    expect(applyEvents(old, events, { clientGravatar: true }).realm_emoji).to.deep.equal(fresh.realm_emoji);
    expect(old.realm_emoji).to.not.deep.equal(fresh.realm_emoji);
    const first = Object.values(fresh.realm_emoji as Record<string, EmojiRecord>).find((one) => one.name === 'first_one')!;
    expect(first.deactivated).to.equal(true);
  });
});
