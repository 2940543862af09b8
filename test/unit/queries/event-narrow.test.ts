import { expect } from 'chai';
import type { MessageRecipient, MessageState } from '@chat/core';
import type { NarrowTerm } from '@chat/realtime';
import { messageEvent, messageRecord } from '@chat/wire';
import { checkEventNarrow, eventMatchesNarrow } from '../../../services/api/src/queries/event-narrow.js';
import { aChannel } from '../../support/channel-factory.js';
import { aMessageState } from '../../support/message-state-factory.js';
import { aUser } from '../../support/user-state-factory.js';

const VIEWER = 10;
const users = new Map([10, 11, 12].map((id) => [id, aUser({ user_id: id, full_name: `User ${id}` })]));
const lookups = { users, channels: new Map([[3, aChannel({ channel_id: 3, name: 'Design' })]]), realmHost: 'chat.test' };

const aMessage = (recipient: MessageRecipient, overrides: Partial<MessageState> = {}): MessageState =>
  aMessageState({
    id: 77,
    sender_id: 11,
    recipient,
    content: 'See the **plan** at https://example.com',
    rendered_content: '<p>See the <strong>plan</strong> at <a href="https://example.com">https://example.com</a></p>',
    ...overrides,
  });

const channelMessage = (topic = 'Lunch', overrides: Partial<MessageState> = {}) => aMessage({ type: 'channel', channel_id: 3, topic }, overrides);
const directMessage = (userIds: number[]) => aMessage({ type: 'direct', user_ids: userIds });
const eventOf = (message: MessageState, flags: string[] = []) => messageEvent(messageRecord({ ...message, recipient_id: 6 }, lookups), flags);

const matches = (terms: NarrowTerm[], message: MessageState, flags: string[] = []): boolean => eventMatchesNarrow(terms, VIEWER, eventOf(message, flags));

describe('event queue narrow filter', () => {
  it('lets every event through without a narrow, and every event that is not a message with one', () => {
    expect(matches([], directMessage([10, 11]))).to.equal(true);
    expect(eventMatchesNarrow([['is', 'starred']], VIEWER, { type: 'subscription', op: 'add' })).to.equal(true);
  });

  it('channel by name (any case) or id, and its negation', () => {
    expect(matches([['channel', 'design']], channelMessage())).to.equal(true);
    expect(matches([['stream', 'DESIGN']], channelMessage())).to.equal(true);
    expect(matches([['channel', '3']], channelMessage())).to.equal(true);
    expect(matches([['channel', 'other']], channelMessage())).to.equal(false);
    expect(matches([['channel', 'design']], directMessage([10, 11]))).to.equal(false);
    expect(matches([['-channel', 'design']], channelMessage())).to.equal(false);
    expect(matches([['-channel', 'other']], channelMessage())).to.equal(true);
  });

  it('topic, case-insensitively, and the empty topic by its display name', () => {
    expect(matches([['channel', 'design'], ['topic', 'lunch']], channelMessage())).to.equal(true);
    expect(matches([['subject', 'dinner']], channelMessage())).to.equal(false);
    expect(matches([['topic', 'general chat']], channelMessage(''))).to.equal(true);
  });

  it('dm: exactly the conversation with the listed users (ids or addresses), the viewer included', () => {
    expect(matches([['dm', '11']], directMessage([10, 11]))).to.equal(true);
    expect(matches([['dm', 'user11@example.com']], directMessage([10, 11]))).to.equal(true);
    expect(matches([['pm-with', '11,12']], directMessage([10, 11, 12]))).to.equal(true);
    expect(matches([['dm', '11']], directMessage([10, 11, 12]))).to.equal(false);
    expect(matches([['dm', 'stranger@example.com']], directMessage([10, 11]))).to.equal(false);
    expect(matches([['dm-including', '12']], directMessage([10, 11, 12]))).to.equal(true);
    expect(matches([['dm-including', '12']], directMessage([10, 11]))).to.equal(false);
  });

  it('sender by id, address or me', () => {
    expect(matches([['sender', '11']], channelMessage())).to.equal(true);
    expect(matches([['sender', 'USER11@example.com']], channelMessage())).to.equal(true);
    expect(matches([['sender', 'me']], channelMessage())).to.equal(false);
    expect(matches([['sender', 'me']], channelMessage('x', { sender_id: 10 }))).to.equal(true);
    expect(matches([['-sender', '11']], channelMessage())).to.equal(false);
  });

  it('is: reads the receiver flags of the event and the kind of message', () => {
    expect(matches([['is', 'dm']], directMessage([10, 11]))).to.equal(true);
    expect(matches([['is', 'private']], channelMessage())).to.equal(false);
    expect(matches([['is', 'starred']], channelMessage(), ['starred'])).to.equal(true);
    expect(matches([['is', 'starred']], channelMessage(), ['read'])).to.equal(false);
    expect(matches([['is', 'unread']], channelMessage(), [])).to.equal(true);
    expect(matches([['is', 'unread']], channelMessage(), ['read'])).to.equal(false);
    expect(matches([['-is', 'unread']], channelMessage(), ['read'])).to.equal(true);
    expect(matches([['is', 'mentioned']], channelMessage(), ['topic_wildcard_mentioned', 'wildcard_mentioned'])).to.equal(true);
    expect(matches([['is', 'mentioned']], channelMessage(), [])).to.equal(false);
    expect(matches([['is', 'alerted']], channelMessage(), ['has_alert_word'])).to.equal(true);
    expect(matches([['is', 'resolved']], channelMessage('✔ Lunch'))).to.equal(true);
    expect(matches([['is', 'resolved']], channelMessage())).to.equal(false);
  });

  it('search, has and id read the message content', () => {
    expect(matches([['search', 'PLAN lunch']], channelMessage())).to.equal(true);
    expect(matches([['search', 'dinner']], channelMessage())).to.equal(false);
    expect(matches([['has', 'link']], channelMessage())).to.equal(true);
    expect(matches([['has', 'image']], channelMessage())).to.equal(false);
    expect(matches([['id', '77']], channelMessage())).to.equal(true);
    expect(matches([['id', '78']], channelMessage())).to.equal(false);
  });

  it('registration refuses narrows it cannot judge from an event, and invalid ones', () => {
    expect(() => checkEventNarrow([['channel', 'design'], ['is', 'unread'], ['-sender', 'someone@example.com']])).not.to.throw();
    expect(() => checkEventNarrow([['channels', 'public']])).to.throw("Invalid narrow operator: 'channels:public' is not supported for event queues");
    expect(() => checkEventNarrow([['is', 'followed']])).to.throw("Invalid narrow operator: 'is:followed' is not supported for event queues");
    expect(() => checkEventNarrow([['with', '5']])).to.throw("Invalid narrow operator: 'with:5' is not supported for event queues");
    expect(() => checkEventNarrow([['colour', 'red']])).to.throw("Invalid narrow operator: unknown operator 'colour'");
    expect(() => checkEventNarrow([['is', 'purple']])).to.throw("Invalid narrow operator: unknown 'is' operand 'purple'");
  });

  it('a stored narrow that cannot be translated lets message events through', () => {
    expect(matches([['is', 'followed']], channelMessage())).to.equal(true);
  });
});
