import { expect } from 'chai';
import { checkFlagChange, decideUpdateFlags, FlagBit, type FlagTarget, HISTORY_ONLY_BITS, isMutedConversation, VisibilityPolicy } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';

const USER = 5;
const received = (id: number, flags = 0, channel?: FlagTarget['channel']): FlagTarget => ({ id, readable: true, flags, ...(channel ? { channel } : {}) });
const fromHistory = (id: number, channelId = 20, subscribed = true): FlagTarget => ({ id, readable: true, flags: undefined, channel: { id: channelId, subscribed } });
const subscribedTo = (id: number) => ({ id, subscribed: true });
const notSubscribedTo = (id: number) => ({ id, subscribed: false });
const decide = (op: string, flag: string, targets: readonly FlagTarget[], all?: true) => decideUpdateFlags({ user_id: USER, op, flag, targets, ...(all ? { all } : {}) });

describe('checkFlagChange', function () {
  it('accepts read, starred and collapsed with add or remove', function () {
    for (const flag of ['read', 'starred', 'collapsed']) {
      for (const op of ['add', 'remove']) expect(checkFlagChange(op, flag)).to.deep.equal({ op, flag });
    }
  });

  it('refuses the flags that follow the content or the history, naming the flag', function () {
    for (const flag of ['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'wildcard_mentioned', 'has_alert_word', 'historical']) {
      const error = expectApiError(() => checkFlagChange('add', flag), refused(flag));
      expect(error.message).to.equal(`Flag not editable: '${flag}'`);
    }
  });

  it('refuses an unknown flag before looking at the operation', function () {
    expect(expectApiError(() => checkFlagChange('toggle', 'shiny'), refused('shiny')).message).to.equal("Invalid flag: 'shiny'");
  });

  it('refuses an unknown operation, naming it', function () {
    expect(expectApiError(() => checkFlagChange('toggle', 'read'), refused('toggle')).message).to.equal("Invalid message flag operation: 'toggle'");
  });
});

describe('decideUpdateFlags', function () {
  it('changes only the messages whose flag differs, in the order named, once each', function () {
    const decision = decide('add', 'starred', [received(3), received(1, FlagBit.starred), received(2, FlagBit.read), received(3)]);
    expect(decision).to.deep.equal({
      event: { type: 'MessageFlagsChanged', data: { user_id: USER, op: 'add', flag: 'starred', message_ids: [3, 2], historical: [] } },
      changed: [3, 2],
    });
  });

  it('records nothing when no flag changes', function () {
    const decision = decide('remove', 'collapsed', [received(1, FlagBit.read)]);
    expect(decision).to.deep.equal({ event: null, changed: [] });
  });

  it('refuses the whole change when one message is not readable, changing nothing', function () {
    const targets = [received(1), { id: 2, readable: false, flags: undefined }];
    expectApiError(() => decide('add', 'read', targets), refused('Invalid message(s)'));
  });

  it('checks the flag before the messages', function () {
    expectApiError(() => decide('add', 'mentioned', [{ id: 1, readable: false, flags: undefined }]), refused("Flag not editable: 'mentioned'"));
  });

  describe('messages outside the history (read from a channel history)', function () {
    it('starring one brings it into the history (historical, read)', function () {
      const decision = decide('add', 'starred', [fromHistory(7), received(8)]);
      expect(decision.event?.data).to.deep.equal({ user_id: USER, op: 'add', flag: 'starred', message_ids: [7, 8], historical: [7] });
    });

    it('marking one read changes nothing: it already counts as read', function () {
      expect(decide('add', 'read', [fromHistory(7)])).to.deep.equal({ event: null, changed: [] });
      expect(HISTORY_ONLY_BITS & FlagBit.read).to.equal(FlagBit.read);
    });

    it('unstarring or uncollapsing one changes nothing', function () {
      for (const flag of ['starred', 'collapsed']) {
        expect(decide('remove', flag, [fromHistory(7)]).event).to.equal(null);
      }
    });

    it('marking one unread in a subscribed channel brings it into the history', function () {
      const decision = decide('remove', 'read', [fromHistory(7)]);
      expect(decision.event?.data).to.deep.equal({ user_id: USER, op: 'remove', flag: 'read', message_ids: [7], historical: [7] });
      expect(decision.ignored_because_not_subscribed_channels).to.deep.equal([]);
    });
  });

  describe('marking unread', function () {
    it('skips messages of channels the user is not subscribed to and lists those channels, ascending and once', function () {
      const decision = decide('remove', 'read', [
        received(1, FlagBit.read, notSubscribedTo(30)),
        received(2, FlagBit.read, subscribedTo(20)),
        received(3, FlagBit.read),
        fromHistory(4, 10, false),
        received(5, FlagBit.read, notSubscribedTo(30)),
      ]);
      expect(decision.changed).to.deep.equal([2, 3]);
      expect(decision.ignored_because_not_subscribed_channels).to.deep.equal([10, 30]);
      expect(decision.event?.data.historical).to.deep.equal([]);
    });

    it('says which channels were skipped even when nothing changes', function () {
      const decision = decide('remove', 'read', [received(1, FlagBit.read, notSubscribedTo(30))]);
      expect(decision).to.deep.equal({ event: null, changed: [], ignored_because_not_subscribed_channels: [30] });
    });

    it('does not skip anything for other flags, and gives no channel list for them', function () {
      const decision = decide('remove', 'starred', [received(1, FlagBit.starred, notSubscribedTo(30))]);
      expect(decision.changed).to.deep.equal([1]);
      expect(decision).to.not.have.property('ignored_because_not_subscribed_channels');
    });
  });

  it('marks the change as "all" when asked to (mark all as read)', function () {
    const decision = decide('add', 'read', [received(1), received(2)], true);
    expect(decision.event?.data).to.deep.equal({ user_id: USER, op: 'add', flag: 'read', message_ids: [1, 2], historical: [], all: true });
  });
});

describe('isMutedConversation', function () {
  it('mutes a muted topic anywhere, and a muted channel unless the topic is unmuted or followed', function () {
    const { Inherit, Muted, Unmuted, Followed } = VisibilityPolicy;
    expect([Inherit, Muted, Unmuted, Followed].map((policy) => isMutedConversation(false, policy))).to.deep.equal([false, true, false, false]);
    expect([Inherit, Muted, Unmuted, Followed].map((policy) => isMutedConversation(true, policy))).to.deep.equal([true, true, false, false]);
  });
});
