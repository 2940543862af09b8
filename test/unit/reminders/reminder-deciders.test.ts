import { expect } from 'chai';
import {
  decideDeleteReminder,
  decideDeliverReminder,
  decideScheduleReminder,
  foldReminder,
  quoteFence,
  type ReminderScheduled,
  type ReminderState,
  type RemindedMessage,
} from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { channelContext } from '../../support/channel-factory.js';
import { renders } from '../../support/send-context.js';
import { aUser } from '../../support/user-state-factory.js';

const NOW = Date.UTC(2026, 0, 1);
const alice = aUser({ user_id: 3, full_name: 'Alice' });
const bot = aUser({ user_id: 1, full_name: 'Notification Bot', is_bot: true });
const message: RemindedMessage = {
  id: 42,
  sender: { user_id: 4, full_name: 'Bob' },
  place: { channel_name: 'design', topic: 'lunch' },
  content: 'Pizza?\nat noon',
  near_url: 'https://chat.example/#narrow/channel/7-design/topic/lunch/near/42',
};

const schedule = (overrides: Partial<Parameters<typeof decideScheduleReminder>[0]> = {}) =>
  decideScheduleReminder({
    reminder_id: 5,
    creator_id: alice.user_id,
    message,
    scheduled_delivery_timestamp: NOW / 1000 + 60,
    note: undefined,
    now: NOW,
    render: renders(),
    ...overrides,
  });

const scheduled = (overrides: Partial<ReminderState> = {}): ReminderState => ({ ...(schedule()[0] as ReminderScheduled).data, status: 'scheduled', ...overrides });

describe('reminders: deciders', function () {
  describe('scheduling', function () {
    it('records the reminder with its text: the message link, the note and the message quoted', function () {
      const [event] = schedule({ note: ' buy cheese \nand wine ' });
      expect(event.data).to.deep.include({ reminder_id: 5, creator_id: 3, message_id: 42, deliver_at: NOW + 60_000, note: 'buy cheese \nand wine' });
      expect(event.data.content).to.equal(
        'You requested a reminder for #**design>lunch@42**.\n\nNote:\n> buy cheese \n> and wine\n\n' +
          `@_**Bob|4** [said](${message.near_url}):\n` +
          '```quote\nPizza?\nat noon\n```',
      );
      expect(event.data.rendered_content).to.equal(`<p>${event.data.content}</p>`);
    });

    it('names a direct message without linking a place, and leaves out an empty note', function () {
      const [event] = schedule({ message: { ...message, place: null, content: 'hi' }, note: '   ' });
      expect(event.data.content).to.equal(`You requested a reminder for the following direct message.\n\n@_**Bob|4** [said](${message.near_url}):\n` + '```quote\nhi\n```');
      expect(event.data.note).to.equal('');
    });

    it('quotes a message holding code fences with a longer fence, so none of them ends the quote', function () {
      expect(quoteFence('see:\n```js\nx()\n```')).to.equal('````quote\nsee:\n```js\nx()\n```\n````');
      expect(quoteFence('  `````\ncode')).to.equal('``````quote\n  `````\ncode\n``````');
      expect(quoteFence('inline ```not a fence```')).to.equal('```quote\ninline ```not a fence```\n```');
    });

    it('refuses a time now or past, a time out of range, and a note over 1000 characters', function () {
      expectApiError(() => schedule({ scheduled_delivery_timestamp: NOW / 1000 }), refused("'scheduled_delivery_timestamp': the delivery time must be in the future"));
      expectApiError(() => schedule({ scheduled_delivery_timestamp: 1e300 }), refused("'scheduled_delivery_timestamp'"));
      expectApiError(() => schedule({ note: 'é'.repeat(1001) }), refused("'note'"));
      expect(schedule({ note: '😀'.repeat(1000) })).to.have.length(1);
    });
  });

  describe('folding the stream', function () {
    it('follows the reminder from scheduled to delivered, failed or deleted', function () {
      const [created] = schedule();
      expect(foldReminder([created])?.status).to.equal('scheduled');
      expect(foldReminder([created, { type: 'ReminderDelivered', data: { reminder_id: 5, creator_id: 3, delivered_message_id: 50 } }])?.status).to.equal('delivered');
      expect(foldReminder([created, { type: 'ReminderDeleted', data: { reminder_id: 5, creator_id: 3 } }])?.status).to.equal('deleted');
      expect(foldReminder([])).to.equal(undefined);
    });
  });

  describe('deleting', function () {
    it('lets the creator delete a scheduled or failed reminder', function () {
      expect(decideDeleteReminder(scheduled(), 3)).to.deep.equal([{ type: 'ReminderDeleted', data: { reminder_id: 5, creator_id: 3 } }]);
      expect(decideDeleteReminder(scheduled({ status: 'failed' }), 3)).to.have.length(1);
    });

    it('answers 404 "Reminder does not exist" for a missing, foreign, delivered or deleted reminder', function () {
      const missing = { code: 'BAD_REQUEST', status: 404, mentions: 'Reminder does not exist' };
      expectApiError(() => decideDeleteReminder(undefined, 3), missing);
      expectApiError(() => decideDeleteReminder(scheduled(), 4), missing);
      expectApiError(() => decideDeleteReminder(scheduled({ status: 'delivered' }), 3), missing);
      expectApiError(() => decideDeleteReminder(scheduled({ status: 'deleted' }), 3), missing);
    });
  });

  describe('delivering', function () {
    const world = channelContext(bot, { users: [bot, alice] });
    const deliver = (state: ReminderState | undefined, users = world) => decideDeliverReminder(state, { message_id: 50, bot, world: users, render: renders({ mentioned_user_ids: [4] }) });

    it('sends the text to the creator as a direct message from the bot, unread for them', function () {
      const decision = deliver(scheduled());
      expect(decision.reminder).to.deep.equal([{ type: 'ReminderDelivered', data: { reminder_id: 5, creator_id: 3, delivered_message_id: 50 } }]);
      expect(decision.message?.data).to.deep.include({
        message_id: 50,
        sender_id: 1,
        recipient: { type: 'direct', user_ids: [1, 3] },
        content: scheduled().content,
        receivers: [1, 3],
        read: [1],
      });
    });

    it('sends nothing for a reminder delivered, failed or deleted already, or unknown', function () {
      for (const status of ['delivered', 'failed', 'deleted'] as const) expect(deliver(scheduled({ status }))).to.deep.equal({ reminder: [], message: null });
      expect(deliver(undefined)).to.deep.equal({ reminder: [], message: null });
    });

    it('records a failure, and sends nothing, when the creator is deactivated', function () {
      const gone = channelContext(bot, { users: [bot, { ...alice, is_active: false }] });
      expect(deliver(scheduled(), gone)).to.deep.equal({
        reminder: [{ type: 'ReminderDeliveryFailed', data: { reminder_id: 5, creator_id: 3, reason: 'creator_deactivated' } }],
        message: null,
      });
    });
  });
});
