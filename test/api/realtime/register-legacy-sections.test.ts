import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { updateFlags } from '../../support/flag-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('realtime: register sections older clients read', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  before(async () => {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(alice, ['general'], { principals: [alice.userId, bob.userId] });
  });
  after(() => server.stop());

  it("starred_messages: the ids of the viewer's starred messages, ascending, and no one else's", async () => {
    const ids = [await postToChannel(bob, 'general', 'a', 'one'), await postToChannel(bob, 'general', 'a', 'two'), await postToChannel(bob, 'general', 'a', 'three')];
    expectSuccess(await updateFlags(alice, [ids[2], ids[0]], 'add', 'starred'));
    expectSuccess(await updateFlags(bob, [ids[1]], 'add', 'starred'));
    expect((await registerQueue(alice, { fetch_event_types: ['starred_messages'] })).state.starred_messages).to.deep.equal([ids[0], ids[2]]);
    expect((await registerQueue(bob, { fetch_event_types: ['starred_messages'] })).state.starred_messages).to.deep.equal([ids[1]]);
  });

  it('without user_settings_object, the legacy settings are top-level fields, only those of the legacy lists', async () => {
    expectSuccess(await alice.patch('/settings', { twenty_four_hour_time: true, enable_sounds: false }));
    const { state } = await registerQueue(alice, { fetch_event_types: ['update_display_settings', 'update_global_notifications', 'user_settings'] });
    expect(state).to.include({ twenty_four_hour_time: true, enable_sounds: false, timezone: '', default_language: 'en' });
    expect(state.available_notification_sounds).to.be.an('array').that.includes('ding');
    expect(state.emojiset_choices).to.be.an('array').that.is.not.empty;
    // Settings newer than the legacy lists live only in user_settings.
    for (const newer of ['web_font_size_px', 'automatically_follow_topics_policy', 'email_address_visibility']) {
      expect(state, newer).to.not.have.property(newer);
      expect(state.user_settings, newer).to.have.property(newer);
    }
  });

  it('with user_settings_object, or when only user_settings is asked for, no top-level settings', async () => {
    const modern = (await registerQueue(alice, { client_capabilities: { user_settings_object: true } })).state;
    const onlyObject = (await registerQueue(alice, { fetch_event_types: ['user_settings'] })).state;
    for (const state of [modern, onlyObject]) {
      expect(state).to.not.have.property('twenty_four_hour_time');
      expect(state).to.not.have.property('enable_sounds');
      expect(state.user_settings).to.include({ twenty_four_hour_time: true, enable_sounds: false });
    }
  });
});
