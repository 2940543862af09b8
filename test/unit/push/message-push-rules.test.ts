import { expect } from 'chai';
import { DEFAULT_USER_SETTINGS, FlagBit, type PushChannelView, type PushReceiver, pushesWhilePresent, pushTrigger, VisibilityPolicy } from '@chat/core';

const subscription = (overrides: Partial<NonNullable<PushChannelView['subscription']>> = {}): PushChannelView['subscription'] => ({
  is_muted: false,
  push_notifications: null,
  wildcard_mentions_notify: null,
  ...overrides,
});
const inChannel = (overrides: Partial<PushChannelView> = {}): PushChannelView => ({ subscription: subscription(), visibility_policy: VisibilityPolicy.Inherit, ...overrides });
const receiver = (overrides: Partial<PushReceiver> = {}): PushReceiver => ({
  is_bot: false,
  is_active: true,
  settings: DEFAULT_USER_SETTINGS,
  flags: 0,
  channel: null,
  ...overrides,
});
const settings = (overrides: Partial<PushReceiver['settings']>): PushReceiver['settings'] => ({ ...DEFAULT_USER_SETTINGS, ...overrides });

describe('message push rules', function () {
  describe('who is never pushed', function () {
    it('bots, deactivated users and anyone who has read the message', function () {
      expect(pushTrigger(receiver({ is_bot: true }))).to.equal(null);
      expect(pushTrigger(receiver({ is_active: false }))).to.equal(null);
      expect(pushTrigger(receiver({ flags: FlagBit.read | FlagBit.mentioned }))).to.equal(null);
    });
  });

  describe('direct messages', function () {
    it('are pushed by default, and not with enable_offline_push_notifications off', function () {
      expect(pushTrigger(receiver())).to.equal('direct_message');
      expect(pushTrigger(receiver({ settings: settings({ enable_offline_push_notifications: false }) }))).to.equal(null);
    });
  });

  describe('channel messages', function () {
    it('a plain message follows enable_stream_push_notifications (off by default) unless the subscription overrides it', function () {
      expect(pushTrigger(receiver({ channel: inChannel() }))).to.equal(null);
      expect(pushTrigger(receiver({ channel: inChannel(), settings: settings({ enable_stream_push_notifications: true }) }))).to.equal('channel');
      expect(pushTrigger(receiver({ channel: inChannel({ subscription: subscription({ push_notifications: true }) }) }))).to.equal('channel');
      const overridden = inChannel({ subscription: subscription({ push_notifications: false }) });
      expect(pushTrigger(receiver({ channel: overridden, settings: settings({ enable_stream_push_notifications: true }) }))).to.equal(null);
    });

    it('a personal mention is pushed, even in a muted topic or channel, and follows enable_offline_push_notifications', function () {
      expect(pushTrigger(receiver({ channel: inChannel(), flags: FlagBit.mentioned }))).to.equal('mentioned');
      expect(pushTrigger(receiver({ channel: inChannel({ visibility_policy: VisibilityPolicy.Muted }), flags: FlagBit.mentioned }))).to.equal('mentioned');
      expect(pushTrigger(receiver({ channel: inChannel({ subscription: subscription({ is_muted: true }) }), flags: FlagBit.mentioned }))).to.equal('mentioned');
      const off = settings({ enable_offline_push_notifications: false });
      expect(pushTrigger(receiver({ channel: inChannel(), flags: FlagBit.mentioned, settings: off }))).to.equal(null);
    });

    it('an alert word counts like a mention, but not in a muted conversation', function () {
      expect(pushTrigger(receiver({ channel: inChannel(), flags: FlagBit.has_alert_word }))).to.equal('alert_word');
      expect(pushTrigger(receiver({ channel: inChannel({ visibility_policy: VisibilityPolicy.Muted }), flags: FlagBit.has_alert_word }))).to.equal(null);
    });

    it('a muted topic, or a muted channel not unmuted or followed at the topic, silences the channel setting', function () {
      const loud = settings({ enable_stream_push_notifications: true });
      expect(pushTrigger(receiver({ channel: inChannel({ visibility_policy: VisibilityPolicy.Muted }), settings: loud }))).to.equal(null);
      const mutedChannel = subscription({ is_muted: true });
      expect(pushTrigger(receiver({ channel: inChannel({ subscription: mutedChannel }), settings: loud }))).to.equal(null);
      expect(pushTrigger(receiver({ channel: inChannel({ subscription: mutedChannel, visibility_policy: VisibilityPolicy.Unmuted }), settings: loud }))).to.equal('channel');
    });

    it('wildcard mentions follow wildcard_mentions_notify, overridden per subscription', function () {
      const wildcard = FlagBit.stream_wildcard_mentioned;
      expect(pushTrigger(receiver({ channel: inChannel(), flags: wildcard }))).to.equal('wildcard_mentioned');
      expect(pushTrigger(receiver({ channel: inChannel(), flags: FlagBit.topic_wildcard_mentioned }))).to.equal('wildcard_mentioned');
      expect(pushTrigger(receiver({ channel: inChannel(), flags: wildcard, settings: settings({ wildcard_mentions_notify: false }) }))).to.equal(null);
      const overridden = inChannel({ subscription: subscription({ wildcard_mentions_notify: true }) });
      expect(pushTrigger(receiver({ channel: overridden, flags: wildcard, settings: settings({ wildcard_mentions_notify: false }) }))).to.equal('wildcard_mentioned');
      expect(pushTrigger(receiver({ channel: inChannel({ visibility_policy: VisibilityPolicy.Muted }), flags: wildcard }))).to.equal(null);
    });

    it('followed topics: their own push and wildcard settings', function () {
      const followed = inChannel({ visibility_policy: VisibilityPolicy.Followed });
      expect(pushTrigger(receiver({ channel: followed }))).to.equal('followed_topic');
      expect(pushTrigger(receiver({ channel: followed, settings: settings({ enable_followed_topic_push_notifications: false }) }))).to.equal(null);
      const noWildcards = settings({ wildcard_mentions_notify: false });
      expect(pushTrigger(receiver({ channel: followed, flags: FlagBit.stream_wildcard_mentioned, settings: noWildcards }))).to.equal('wildcard_mentioned_in_followed_topic');
      const neither = settings({ wildcard_mentions_notify: false, enable_followed_topic_wildcard_mentions_notify: false });
      expect(pushTrigger(receiver({ channel: followed, flags: FlagBit.stream_wildcard_mentioned, settings: neither }))).to.equal('followed_topic');
    });

    it('a receiver no longer subscribed gets only personal mentions', function () {
      const gone = inChannel({ subscription: null });
      expect(pushTrigger(receiver({ channel: gone, settings: settings({ enable_stream_push_notifications: true }) }))).to.equal(null);
      expect(pushTrigger(receiver({ channel: gone, flags: FlagBit.mentioned }))).to.equal('mentioned');
    });
  });

  describe('presence', function () {
    it('an active user is pushed only with enable_online_push_notifications; an inactive one always', function () {
      expect(pushesWhilePresent(true, settings({ enable_online_push_notifications: false }))).to.equal(false);
      expect(pushesWhilePresent(true, settings({ enable_online_push_notifications: true }))).to.equal(true);
      expect(pushesWhilePresent(false, settings({ enable_online_push_notifications: false }))).to.equal(true);
    });
  });
});
