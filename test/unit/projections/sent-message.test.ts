import { expect } from 'chai';
import { FlagBit, type StoredEventOf } from '@chat/core';
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
  it('reads the body from the event only when asked, and carries it as the message own fields in order', function () {
    const reads = { count: 0 };
    const { message, flags } = sentRows(send(7, reads));
    expect(reads.count).to.equal(0);
    expect(Object.keys(message)).to.deep.equal(['id', 'sender_id', 'recipient', 'content', 'rendered_content', 'date_sent', 'client', 'is_me_message', 'last_edit_timestamp', 'last_moved_timestamp', 'edit_history', 'reactions']);
    expect({ ...message }).to.deep.include({ id: 7, sender_id: 2, content: 'text 7', rendered_content: '<p>text 7</p>', client: 'unit-test', is_me_message: false });
    expect(reads.count).to.equal(2);
    expect(JSON.parse(JSON.stringify(message))).to.deep.equal({ ...message });
    expect(Object.getOwnPropertySymbols(message).filter((key) => Object.getOwnPropertyDescriptor(message, key)?.enumerable)).to.deep.equal([]);
    expect([...flags]).to.deep.equal([FlagBit.read, 0, FlagBit.mentioned]);
  });

  it('gives every message the same body getters, not functions of its own', function () {
    const reads = { count: 0 };
    const first = sentRows(send(1, reads)).message;
    const second = sentRows(send(2, reads)).message;
    for (const field of ['content', 'rendered_content']) {
      const getter = Object.getOwnPropertyDescriptor(first, field)?.get;
      expect(getter, field).to.be.a('function');
      expect(Object.getOwnPropertyDescriptor(second, field)?.get, field).to.equal(getter);
    }
    expect([first.content, second.content]).to.deep.equal(['text 1', 'text 2']);
  });
});
