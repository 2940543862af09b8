import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { registerQueue } from '../../support/realtime-client.js';
import { REGISTER_SECTION_KEYS } from '../../support/register-section-keys.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/** Sections issue 20's helper (admin-lifecycle) builds; checked here once they are on main. */
const BUILT_ELSEWHERE = new Set(['drafts', 'scheduled_messages', 'saved_snippets', 'navigation_views']);

describe('realtime: POST /register answers every section the public API names', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient;

  before(async () => {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
  });
  after(() => server.stop());

  for (const [name, keys] of Object.entries(REGISTER_SECTION_KEYS)) {
    if (BUILT_ELSEWHERE.has(name)) continue;
    it(`${name}: asking for it alone yields ${keys.length === 1 ? keys[0] : `its ${keys.length} keys`}`, async () => {
      const { state } = await registerQueue(member, { event_types: [name], fetch_event_types: [name] });
      const missing = keys.filter((key) => !(key in state));
      expect(missing, `missing for ${name}`).to.deep.equal([]);
    });
  }

  it('asking for nothing yields none of the sections', async () => {
    const { state } = await registerQueue(member, { event_types: [], fetch_event_types: [] });
    expect(Object.keys(state).sort()).to.deep.equal(
      ['last_event_id', 'msg', 'queue_id', 'result', 'service_feature_level', 'service_merge_base', 'service_version', 'zulip_feature_level', 'zulip_merge_base', 'zulip_version'].sort(),
    );
  });

  it('names the public API does not know are ignored, with the known ones answered', async () => {
    const { state } = await registerQueue(member, { fetch_event_types: ['no_such_section', 'starred_messages'] });
    expect(state.starred_messages).to.deep.equal([]);
  });

  it('realm_user_groups is the user groups section under the name clients fetch it by', async () => {
    const byName = (await registerQueue(member, { fetch_event_types: ['realm_user_groups'] })).state;
    const byEvent = (await registerQueue(member, { fetch_event_types: ['user_group'] })).state;
    expect(byName.realm_user_groups).to.be.an('array').that.is.not.empty;
    expect(byName.realm_user_groups).to.deep.equal(byEvent.realm_user_groups);
  });

  it('realm_bots: none for a member who owns no bot, and never the system bots', async () => {
    expect((await registerQueue(member, { fetch_event_types: ['realm_bot'] })).state.realm_bots).to.deep.equal([]);
    const forAdmin = (await registerQueue(admin, { fetch_event_types: ['realm_bot', 'realm_user'] })).state;
    const systemBots = (forAdmin.cross_realm_bots as { user_id: number }[]).map((bot) => bot.user_id);
    expect(systemBots).to.not.be.empty;
    expect((forAdmin.realm_bots as { user_id: number }[]).filter((bot) => systemBots.includes(bot.user_id))).to.deep.equal([]);
  });

  it('features this server does not offer say so in their shapes', async () => {
    const names = ['onboarding_steps', 'video_calls', 'giphy', 'stop_words', 'realm_domains', 'default_stream_groups', 'realm_embedded_bots', 'realm_incoming_webhook_bots', 'realm_billing'];
    const { state } = await registerQueue(member, { fetch_event_types: names });
    expect(state).to.deep.include({
      onboarding_steps: [],
      navigation_tour_video_url: null,
      has_zoom_token: false,
      giphy_api_key: '',
      stop_words: [],
      realm_domains: [],
      realm_default_stream_groups: [],
      realm_embedded_bots: [],
      realm_incoming_webhook_bots: [],
      realm_billing: { has_pending_sponsorship_request: false },
    });
  });

  it('realm: the permission metadata and legacy policies follow the organization settings', async () => {
    const { state } = await registerQueue(member, { fetch_event_types: ['realm'] });
    const realmSettings = (state.server_supported_permission_settings as Record<string, Record<string, Record<string, unknown>>>).realm;
    expect(realmSettings.can_manage_all_groups).to.include({ allow_nobody_group: false, allow_everyone_group: false, allow_internet_group: false, default_group_name: 'role:owners' });
    expect(realmSettings.can_resolve_topics_group).to.include({ allow_everyone_group: true, default_group_name: 'role:everyone' });
    // Members create channels by default (1), and only administrators mention many users (2).
    expect(state).to.include({ realm_create_public_stream_policy: 1, realm_wildcard_mention_policy: 2, realm_create_web_public_stream_policy: 6 });
  });
});
