import { expect } from 'chai';
import { decideSubscribe, type NewChannelOptions, type SubscribeCommand, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aChannel, aSubscription, channelContext, type ChannelWorldGiven, PUBLIC_DEFAULTS } from '../../support/channel-factory.js';
import { fakeRender } from '../../support/channel-folder-factory.js';
import { SYS } from '../../support/user-group-factory.js';
import { someUsers } from '../../support/user-state-factory.js';

const { owner, admin, moderator, member, guest, other, gone } = someUsers();
const USERS: UserState[] = [owner, admin, moderator, member, guest, other, gone];

const general = aChannel({ channel_id: 100, name: 'general' });
const secret = aChannel({ channel_id: 101, name: 'secret', invite_only: true });
const given: ChannelWorldGiven = { users: USERS, channels: [general, secret], subscriptions: [aSubscription(owner.user_id, secret.channel_id)] };

/** A request subscribing the caller to `names`; new names get ids 200, 201, … in the order given. */
function subscribeTo(names: string[], rest: Partial<Omit<SubscribeCommand, 'options'>> & { options?: Partial<NewChannelOptions> } = {}): SubscribeCommand {
  return {
    channels: names.map((name) => ({ name })),
    principals: null,
    authorization_errors_fatal: true,
    newChannelIds: new Map(names.map((name, index) => [name.trim().toLowerCase(), 200 + index])),
    render: fakeRender,
    ...rest,
    options: { ...PUBLIC_DEFAULTS, ...rest.options },
  };
}

const decide = (actor: UserState, cmd: SubscribeCommand, world: Partial<ChannelWorldGiven> = {}) => decideSubscribe(channelContext(actor, { ...given, ...world }), cmd);

describe('decideSubscribe: creating channels', function () {
  it('creates a public channel with the default permissions and subscribes its creator', function () {
    const decision = decide(member, subscribeTo(['Design'], { channels: [{ name: ' Design ', description: 'Mocks' }] }));
    expect([...decision.events.keys()]).to.deep.equal([200]);
    expect(decision.events.get(200)).to.deep.equal([
      {
        type: 'ChannelCreated',
        data: {
          channel_id: 200,
          name: 'Design',
          description: 'Mocks',
          rendered_description: '<p>Mocks</p>',
          invite_only: false,
          is_web_public: false,
          history_public_to_subscribers: true,
          message_retention_days: null,
          topics_policy: 'inherit',
          folder_id: null,
          is_default: false,
          creator_id: member.user_id,
          settings: {
            can_add_subscribers_group: SYS['role:nobody'],
            can_remove_subscribers_group: SYS['role:administrators'],
            can_administer_channel_group: { direct_members: [member.user_id], direct_subgroups: [] },
            can_delete_any_message_group: SYS['role:nobody'],
            can_delete_own_message_group: SYS['role:nobody'],
            can_move_messages_out_of_channel_group: SYS['role:nobody'],
            can_move_messages_within_channel_group: SYS['role:nobody'],
            can_send_message_group: SYS['role:everyone'],
            can_subscribe_group: SYS['role:nobody'],
            can_resolve_topics_group: SYS['role:nobody'],
          },
        },
      },
      { type: 'SubscriptionAdded', data: { channel_id: 200, subscriptions: [aSubscriptionAdded(member.user_id, '#76ce90')] } },
    ]);
    expect([...decision.created]).to.deep.equal([[200, 'Design']]);
    expect(decision).to.deep.include({ subscribed: { '4': ['Design'] }, already_subscribed: {}, unauthorized: [] });
  });

  it('creates a private channel whose history stays private unless asked otherwise', function () {
    const created = (options: Partial<NewChannelOptions>) => decide(member, subscribeTo(['Ops'], { options })).events.get(200)![0].data;
    expect(created({ invite_only: true })).to.include({ invite_only: true, history_public_to_subscribers: false });
    expect(created({ invite_only: true, history_public_to_subscribers: true })).to.include({ history_public_to_subscribers: true });
    // A public channel always shares its history.
    expect(created({ history_public_to_subscribers: false })).to.include({ history_public_to_subscribers: true });
  });

  it('refuses a guest, for public and private channels (creation groups default to role:members)', function () {
    expectApiError(() => decide(guest, subscribeTo(['Lobby'])), refused('Insufficient permission'));
    expectApiError(() => decide(guest, subscribeTo(['Lobby'], { options: { invite_only: true } })), refused('Insufficient permission'));
  });

  it('follows can_create_public_channel_group and can_create_private_channel_group separately', function () {
    const realm = { can_create_public_channel_group: SYS['role:moderators'], can_create_private_channel_group: SYS['role:nobody'] };
    expectApiError(() => decide(member, subscribeTo(['Pub']), { realm }), refused('Insufficient permission'));
    expect(decide(moderator, subscribeTo(['Pub']), { realm }).created.size).to.equal(1);
    expectApiError(() => decide(moderator, subscribeTo(['Priv'], { options: { invite_only: true } }), { realm }), refused('Insufficient permission'));
    // Organization administrators create whatever the settings say.
    expect(decide(admin, subscribeTo(['Priv'], { options: { invite_only: true } }), { realm }).created.size).to.equal(1);
  });

  it('lets only administrators make the new channel a default channel', function () {
    expectApiError(() => decide(member, subscribeTo(['Welcome'], { options: { is_default: true } })), { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions: "'is_default_stream'" });
    expect(decide(admin, subscribeTo(['Welcome'], { options: { is_default: true } })).events.get(200)![0].data).to.include({ is_default: true });
    expectApiError(() => decide(admin, subscribeTo(['Quiet'], { options: { is_default: true, invite_only: true } })), refused('Private channels cannot be made default.'));
  });

  it("lets only owners set a new channel's message retention", function () {
    const keepAWeek = { options: { message_retention_days: 7 } };
    expectApiError(() => decide(admin, subscribeTo(['Brief'], keepAWeek)), { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions: "'message_retention_days'" });
    expect(decide(owner, subscribeTo(['Brief'], keepAWeek)).events.get(200)![0].data).to.include({ message_retention_days: 7 });
  });

  it('refuses web-public channels, unknown or archived folders, and forbidden permission values', function () {
    expectApiError(() => decide(admin, subscribeTo(['Web'], { options: { is_web_public: true } })), refused('Web-public'));
    expectApiError(() => decide(admin, subscribeTo(['F'], { options: { folder_id: 7 } }), { folderIds: [3] }), refused("Invalid 'folder_id': no channel folder 7"));
    expect(decide(admin, subscribeTo(['F'], { options: { folder_id: 3 } }), { folderIds: [3] }).events.get(200)![0].data).to.include({ folder_id: 3 });
    const everyoneAdministers = { settings: { can_administer_channel_group: SYS['role:everyone'] } };
    expectApiError(() => decide(admin, subscribeTo(['F'], { options: everyoneAdministers })), refused("'role:everyone'"));
  });

  it('refuses subscribing others to a new channel without the organization can_add_subscribers_group', function () {
    const cmd = subscribeTo(['Team'], { principals: [other.user_id] });
    expect(decide(member, cmd).subscribed).to.deep.equal({ '20': ['Team'] });
    const realm = { can_add_subscribers_group: SYS['role:administrators'] };
    expectApiError(() => decide(member, cmd, { realm }), refused('Insufficient permission to subscribe other users'));
  });
});

describe('decideSubscribe: names and descriptions', function () {
  for (const [what, name, mentions] of [
    ['an empty name', '   ', "Channel name can't be empty."],
    ['a name longer than 60 characters', 'x'.repeat(61), 'Channel name too long (limit: 60 characters).'],
    ['a name with a control character', 'ab\u0007c', 'Invalid character in channel name, at position 3.'],
  ]) {
    it(`refuses ${what}, even next to a good one`, function () {
      expectApiError(() => decide(member, subscribeTo(['fine', name])), refused(mentions));
    });
  }

  it('accepts a name of exactly 60 characters (counted in characters, not UTF-16 units)', function () {
    const name = '😀'.repeat(60);
    expect([...decide(member, subscribeTo([name])).created.values()]).to.deep.equal([name]);
  });

  it('treats names differing only in letter case as the same channel', function () {
    const decision = decide(member, subscribeTo(['GENERAL', 'General ', 'New', 'NEW']));
    expect(decision.subscribed).to.deep.equal({ '4': ['general', 'New'] });
    expect([...decision.created.values()]).to.deep.equal(['New']);
    expect(decision.events.get(general.channel_id)).to.have.length(1);
  });

  it('refuses a description longer than 1024 characters, and an empty request', function () {
    const long = [{ name: 'Docs', description: 'd'.repeat(1025) }];
    expectApiError(() => decide(member, subscribeTo(['Docs'], { channels: long })), refused('Channel description too long (limit: 1024 characters).'));
    expect(decide(member, subscribeTo(['Docs'], { channels: [{ name: 'Docs', description: 'd'.repeat(1024) }] })).created.size).to.equal(1);
    expectApiError(() => decide(member, subscribeTo([])), refused("'subscriptions'"));
  });
});

describe('decideSubscribe: subscribing oneself', function () {
  it('subscribes a member to a public channel, and answers already_subscribed the second time', function () {
    const first = decide(member, subscribeTo(['general']));
    expect(first.events.get(general.channel_id)).to.deep.equal([
      { type: 'SubscriptionAdded', data: { channel_id: general.channel_id, subscriptions: [aSubscriptionAdded(member.user_id, '#76ce90')] } },
    ]);
    const again = decide(member, subscribeTo(['general']), { subscriptions: [aSubscription(member.user_id, general.channel_id)] });
    expect(again).to.deep.include({ subscribed: {}, already_subscribed: { '4': ['general'] }, unauthorized: [] });
    expect(again.events.size).to.equal(0);
  });

  it('refuses a private channel with authorization_errors_fatal, naming the channel', function () {
    expectApiError(() => decide(member, subscribeTo(['general', 'secret'])), refused('Unable to access channel (secret).'));
  });

  it('lists a private channel as unauthorized without authorization_errors_fatal, and joins the rest', function () {
    const decision = decide(member, subscribeTo(['secret', 'general'], { authorization_errors_fatal: false }));
    expect(decision).to.deep.include({ subscribed: { '4': ['general'] }, already_subscribed: {}, unauthorized: ['secret'] });
    expect([...decision.events.keys()]).to.deep.equal([general.channel_id]);
  });

  it("lets in the members of a private channel's can_subscribe_group or can_add_subscribers_group", function () {
    for (const setting of ['can_subscribe_group', 'can_add_subscribers_group'] as const) {
      const open = { ...secret, settings: { ...secret.settings, [setting]: SYS['role:members'] } };
      expect(decide(member, subscribeTo(['secret']), { channels: [general, open] }).subscribed, setting).to.deep.equal({ '4': ['secret'] });
    }
  });

  it('refuses a guest subscribing themselves to a public channel, but not to one they are in already', function () {
    expect(decide(guest, subscribeTo(['general'], { authorization_errors_fatal: false })).unauthorized).to.deep.equal(['general']);
    const subscriptions = [aSubscription(guest.user_id, secret.channel_id), aSubscription(guest.user_id, general.channel_id)];
    const again = decide(guest, subscribeTo(['general', 'secret']), { subscriptions });
    expect(again.already_subscribed).to.deep.equal({ '6': ['general', 'secret'] });
  });
});

describe('decideSubscribe: subscribing others', function () {
  it('resolves principals by id and by email address in any letter case, each user once', function () {
    const decision = decide(admin, subscribeTo(['general'], { principals: [member.user_id, other.email.toUpperCase(), member.email] }));
    expect(decision.subscribed).to.deep.equal({ '4': ['general'], '20': ['general'] });
    const added = decision.events.get(general.channel_id)![0];
    expect(added.type === 'SubscriptionAdded' && added.data.subscriptions.map((sub) => sub.user_id)).to.deep.equal([4, 20]);
  });

  it('takes only the addresses the caller may use for a user (addressesOf): a placeholder, not a hidden real address', function () {
    const addressesOf = (user: UserState) => (user.user_id === other.user_id ? ['user20@chat.example'] : [user.email]);
    const byPlaceholder = { ...subscribeTo(['general'], { principals: ['USER20@chat.example'] }), addressesOf };
    expect(decide(admin, byPlaceholder).subscribed).to.deep.equal({ '20': ['general'] });
    const byHidden = { ...subscribeTo(['general'], { principals: [other.email] }), addressesOf };
    expectApiError(() => decide(admin, byHidden), refused(`No such user: '${other.email}' in 'principals'`));
  });

  for (const [what, principal] of [
    ['an unknown id', 99],
    ['a deactivated user', 21],
    ['an unknown address', 'nobody@example.com'],
  ] as const) {
    it(`refuses ${what} with BAD_REQUEST naming the principal, subscribing nobody`, function () {
      expectApiError(() => decide(admin, subscribeTo(['general'], { principals: [member.user_id, principal] })), refused(`'${String(principal)}' in 'principals'`));
    });
  }

  it('lets a member of the organization can_add_subscribers_group add others to a public channel', function () {
    expect(decide(member, subscribeTo(['general'], { principals: [other.user_id] })).subscribed).to.deep.equal({ '20': ['general'] });
    const realm = { can_add_subscribers_group: SYS['role:administrators'] };
    expectApiError(() => decide(member, subscribeTo(['general'], { principals: [other.user_id] }), { realm }), refused('Insufficient permission'));
  });

  it('refuses that member on a private channel they are not in, and admits them once subscribed', function () {
    expectApiError(() => decide(member, subscribeTo(['secret'], { principals: [other.user_id] })), refused('Unable to access channel (secret).'));
    const subscriptions = [aSubscription(member.user_id, secret.channel_id)];
    expect(decide(member, subscribeTo(['secret'], { principals: [other.user_id] }), { subscriptions }).subscribed).to.deep.equal({ '20': ['secret'] });
  });

  it("admits the channel's can_add_subscribers_group without subscription, and its administrators on public channels", function () {
    const realm = { can_add_subscribers_group: SYS['role:nobody'] };
    const adders = { ...secret, settings: { ...secret.settings, can_add_subscribers_group: { direct_members: [member.user_id], direct_subgroups: [] } } };
    expect(decide(member, subscribeTo(['secret'], { principals: [other.user_id] }), { channels: [general, adders], realm }).subscribed).to.deep.equal({ '20': ['secret'] });
    const administered = aChannel({ channel_id: 102, name: 'mine', creator_id: member.user_id });
    expect(decide(member, subscribeTo(['mine'], { principals: [other.user_id] }), { channels: [administered], realm }).subscribed).to.deep.equal({ '20': ['mine'] });
  });

  it('reports per user what each joined and what they were in already', function () {
    const subscriptions = [aSubscription(other.user_id, general.channel_id)];
    const decision = decide(admin, subscribeTo(['general'], { principals: [member.user_id, other.user_id] }), { subscriptions });
    expect(decision).to.deep.include({ subscribed: { '4': ['general'] }, already_subscribed: { '20': ['general'] } });
  });
});

describe('decideSubscribe: colors and returning subscribers', function () {
  it('gives each new subscription the first palette color the user does not use, past subscriptions included', function () {
    const subscriptions = [aSubscription(member.user_id, 90, { color: '#76ce90' }), aSubscription(member.user_id, 91, { color: '#a6c7e5', active: false })];
    const decision = decide(member, subscribeTo(['general', 'Fresh']), { subscriptions });
    const colorOf = (id: number) => {
      const event = decision.events.get(id)!.at(-1)!;
      return event.type === 'SubscriptionAdded' ? event.data.subscriptions[0].color : null;
    };
    expect([colorOf(general.channel_id), colorOf(201)]).to.deep.equal(['#fae589', '#e79ab5']);
  });

  it('gives a returning subscriber back their color and personal settings', function () {
    const past = { color: '#c2726a', is_muted: true, pin_to_top: true, desktop_notifications: false, wildcard_mentions_notify: true, active: false };
    const decision = decide(member, subscribeTo(['general']), { subscriptions: [aSubscription(member.user_id, general.channel_id, past)] });
    const { active: _active, ...properties } = aSubscription(member.user_id, general.channel_id, past);
    const { channel_id: _channel, ...recorded } = properties;
    expect(decision.events.get(general.channel_id)).to.deep.equal([{ type: 'SubscriptionAdded', data: { channel_id: general.channel_id, subscriptions: [recorded] } }]);
  });
});

/** What SubscriptionAdded records for a first subscription with `color`. */
function aSubscriptionAdded(user_id: number, color: string) {
  const { channel_id: _channel, active: _active, ...properties } = aSubscription(user_id, 0, { color });
  return properties;
}
