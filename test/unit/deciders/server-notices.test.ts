import { expect } from 'chai';
import {
  botDirectMessage,
  decideDeliverScheduledMessage,
  decideScheduleMessage,
  type EmailInvitationState,
  foldScheduledMessage,
  globalTime,
  referrerNoticeContent,
  referrerToNotify,
  type ScheduledMessageState,
  scheduledMessageFailureNotice,
} from '@chat/core';
import { aUser } from '../../support/user-state-factory.js';
import { channelContext } from '../../support/channel-factory.js';
import { renders } from '../../support/send-context.js';

const NOW = 1_700_000_000_000;
const scheduled = foldScheduledMessage(
  decideScheduleMessage({
    scheduled_message_id: 3,
    sender_id: 10,
    type: 'direct',
    deliver_at: NOW + 60_000,
    read_by_sender: false,
    now: NOW,
    checked: { to: [11], topic: null, content: 'Hi', rendered_content: '<p>Hi</p>' },
  }),
) as ScheduledMessageState;

describe('notices the server sends through the notification bot', () => {
  it("the bot's direct message: to the bot and the recipient, read only by the bot", () => {
    const bot = aUser({ user_id: 1, is_bot: true });
    const world = channelContext(bot, { users: [bot, aUser({ user_id: 5 })] });
    const sent = botDirectMessage(world, { message_id: 9, bot, recipient_id: 5, content: 'x', rendered: renders()('x') });
    expect(sent.data).to.deep.include({ sender_id: 1, recipient: { type: 'direct', user_ids: [1, 5] }, receivers: [1, 5], read: [1], content: 'x' });
  });

  it("an accepted invitation's sender is told, unless the invitation said no or the sender is inactive", () => {
    const invite = { id: 4, creator_id: 5, notify_referrer_on_join: true } as EmailInvitationState;
    const sender = aUser({ user_id: 5 });
    expect(referrerToNotify(invite, sender)).to.equal(sender);
    expect(referrerToNotify({ ...invite, notify_referrer_on_join: false }, sender)).to.equal(null);
    expect(referrerToNotify(invite, { ...sender, is_active: false })).to.equal(null);
    expect(referrerToNotify(invite, undefined)).to.equal(null);
    expect(referrerNoticeContent({ user_id: 12, full_name: 'Una' })).to.equal('@_**Una|12** accepted your invitation to join Zulip!');
  });

  it('a failed scheduled message: the reason quoted, the time as a global time; nothing for a deactivated sender', () => {
    const failure = { type: 'ScheduledMessageFailed' as const, data: { scheduled_message_id: 3, sender_id: 10, reason: 'Channel is archived' } };
    expect(globalTime(Date.UTC(2025, 4, 30, 2, 0, 0, 500))).to.equal('<time:2025-05-30T02:00:00+00:00>');
    expect(scheduledMessageFailureNotice(scheduled, failure, true)).to.equal(
      `The message you scheduled for ${globalTime(NOW + 60_000)} was not sent because of the following error:\n\n> Channel is archived\n\n[View scheduled messages](#scheduled)`,
    );
    expect(scheduledMessageFailureNotice(scheduled, failure, false)).to.equal(null);
  });

  it('a scheduled message more than ten minutes late fails instead of going out', () => {
    const late = decideDeliverScheduledMessage(scheduled, { now: NOW + 60_000 + 10 * 60_000 + 1, senderActive: true, send: () => 99 });
    expect(late).to.deep.equal([{ type: 'ScheduledMessageFailed', data: { scheduled_message_id: 3, sender_id: 10, reason: 'Message could not be sent at the scheduled time.' } }]);
    expect(decideDeliverScheduledMessage(scheduled, { now: NOW + 60_000 + 10 * 60_000, senderActive: true, send: () => 99 })[0].type).to.equal('ScheduledMessageSent');
  });
});
