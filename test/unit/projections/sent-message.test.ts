import { expect } from 'chai';
import { FlagBit, messageData, type StoredEventOf } from '@chat/core';
import { sentRows } from '../../../projections/src/messages/sent-message.js';
import { storedEvents } from '../../support/stored-events.js';

/** A send whose body counts its reads, as a sealed log's getters would decrypt on each. */
function send(message_id: number, reads: { count: number }): StoredEventOf<'MessageSent'> {
  const data = {
    message_id,
    sender_id: 2,
    recipient: { type: 'channel' as const, channel_id: 1, topic: 'plans' },
    is_me_message: false,
    receivers: [2, 3, 4],
    read: [2],
    flags: { mentioned: [4], stream_wildcard_mentioned: [], topic_wildcard_mentioned: [], has_alert_word: [] },
    get content() {
      reads.count++;
      return `text ${message_id}`;
    },
    get rendered_content() {
      reads.count++;
      return `<p>text ${message_id}</p>`;
    },
  };
  const [event] = storedEvents([{ type: 'MessageSent', data }]);
  return event as StoredEventOf<'MessageSent'>;
}

describe('sentRows (the message a send stores)', function () {
  it('reads the body from the event only when asked', function () {
    const reads = { count: 0 };
    const { message, flags } = sentRows(send(7, reads));
    expect(reads.count).to.equal(0);
    expect([message.id, message.sender_id, message.recipient, message.client, message.is_me_message]).to.deep.equal([7, 2, { type: 'channel', channel_id: 1, topic: 'plans' }, 'unit-test', false]);
    expect([message.content, message.rendered_content]).to.deep.equal(['text 7', '<p>text 7</p>']);
    expect(reads.count).to.equal(2);
    expect([...flags]).to.deep.equal([FlagBit.read, 0, FlagBit.mentioned]);
  });

  it('keeps the body out of its own properties: messageData copies it into plain data', function () {
    const reads = { count: 0 };
    const { message } = sentRows(send(3, reads));
    expect(Object.keys(message)).to.not.include('content');
    expect(Object.getOwnPropertyDescriptor(message, 'content')).to.equal(undefined);
    expect(reads.count).to.equal(0);
    expect(messageData(message)).to.deep.equal({
      id: 3,
      sender_id: 2,
      recipient: { type: 'channel', channel_id: 1, topic: 'plans' },
      content: 'text 3',
      rendered_content: '<p>text 3</p>',
      date_sent: message.date_sent,
      client: 'unit-test',
      is_me_message: false,
      last_edit_timestamp: null,
      last_moved_timestamp: null,
      edit_history: [],
      reactions: [],
    });
    expect(Object.keys(messageData(message))).to.deep.equal(['id', 'sender_id', 'recipient', 'content', 'rendered_content', 'date_sent', 'client', 'is_me_message', 'last_edit_timestamp', 'last_moved_timestamp', 'edit_history', 'reactions']);
  });
});
