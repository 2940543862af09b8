import { expect } from 'chai';
import { type CheckedSend, decideDeliverScheduledMessage, decideEditScheduledMessage, decideScheduleMessage, editedScheduledMessage, foldScheduledMessage, type ScheduledMessageState } from '@chat/core';
import { badRequest } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';

const NOW = 1_700_000_000_000;
const checked: CheckedSend = { to: 7, topic: 'plans', content: 'Hi', rendered_content: '<p>Hi</p>' };
const created = decideScheduleMessage({ scheduled_message_id: 3, sender_id: 10, type: 'channel', deliver_at: NOW + 60_000, read_by_sender: true, now: NOW, checked });
const scheduled = foldScheduledMessage(created) as ScheduledMessageState;

describe('scheduled message deciders', () => {
  it('schedules a checked message due later, and refuses a time not in the future', () => {
    expect(created).to.deep.equal([
      { type: 'ScheduledMessageCreated', data: { scheduled_message_id: 3, sender_id: 10, type: 'channel', ...checked, deliver_at: NOW + 60_000, read_by_sender: true } },
    ]);
    expectApiError(() => decideScheduleMessage({ scheduled_message_id: 4, sender_id: 10, type: 'channel', deliver_at: NOW, read_by_sender: true, now: NOW, checked }), refused("'scheduled_delivery_timestamp'"));
  });

  it('asks the send rules about the message as it would be after an edit, and keeps what was not changed', () => {
    expect(editedScheduledMessage(scheduled, { actor_id: 10, content: 'New', now: NOW })).to.deep.equal({ type: 'channel', to: 7, topic: 'plans', content: 'New' });
    expect(editedScheduledMessage(scheduled, { actor_id: 10, type: 'direct', to: [11], now: NOW })).to.deep.equal({ type: 'direct', to: [11], topic: null, content: 'Hi' });
    const [edited] = decideEditScheduledMessage(scheduled, { actor_id: 10, content: 'New', now: NOW }, { ...checked, content: 'New' });
    expect(edited.data).to.include({ content: 'New', deliver_at: NOW + 60_000 });
  });

  it("refuses someone else's message with 404, and a failed one edited without a new time", () => {
    const error = expectApiError(() => editedScheduledMessage(scheduled, { actor_id: 11, content: 'x', now: NOW }), { code: 'BAD_REQUEST', status: 404, mentions: 'Scheduled message does not exist' });
    expect(error.status).to.equal(404);
    const failed: ScheduledMessageState = { ...scheduled, status: 'failed' };
    expectApiError(() => editedScheduledMessage(failed, { actor_id: 10, content: 'x', now: NOW }), refused("'scheduled_delivery_timestamp'"));
  });

  it('delivers a due message once; records a refusal or a deactivated sender as a failure; nothing before the time', () => {
    const due = { now: NOW + 60_000, senderActive: true, send: () => 99 };
    expect(decideDeliverScheduledMessage(scheduled, due)).to.deep.equal([{ type: 'ScheduledMessageSent', data: { scheduled_message_id: 3, sender_id: 10, message_id: 99 } }]);
    expect(decideDeliverScheduledMessage({ ...scheduled, status: 'sent' }, due)).to.deep.equal([]);
    expect(decideDeliverScheduledMessage(scheduled, { ...due, now: NOW })).to.deep.equal([]);
    const refusal = decideDeliverScheduledMessage(scheduled, { ...due, send: () => { throw badRequest('Channel is archived'); } });
    expect(refusal).to.deep.equal([{ type: 'ScheduledMessageFailed', data: { scheduled_message_id: 3, sender_id: 10, reason: 'Channel is archived' } }]);
    expect(decideDeliverScheduledMessage(scheduled, { ...due, senderActive: false })[0].type).to.equal('ScheduledMessageFailed');
    expect(() => decideDeliverScheduledMessage(scheduled, { ...due, send: () => { throw new Error('disk full'); } })).to.throw('disk full');
  });
});
