import { expect } from 'chai';
import type { MessageState } from '@chat/core';
import { CompactMessages } from '../../../packages/readstore/src/memory/messages/compact-messages.js';

const message = (id: number, topic: string, client = 'website'): MessageState => ({
  id,
  sender_id: 1,
  recipient: { type: 'channel', channel_id: 3, topic },
  content: `hello ${id}`,
  rendered_content: `<p>hello ${id}</p>`,
  date_sent: 1_700_000_000_000 + id,
  client: `${client}`,
  is_me_message: false,
  last_edit_timestamp: null,
  last_moved_timestamp: null,
  edit_history: [],
  reactions: [],
});

describe('CompactMessages (memory message store)', function () {
  it('stores every field of the message and its recipient id', function () {
    const stored = new CompactMessages().stored(message(5, 'lunch'), 6);
    expect(stored).to.deep.equal({ ...message(5, 'lunch'), recipient_id: 6 });
  });

  it('keeps one copy of each client name', function () {
    const compact = new CompactMessages();
    const a = compact.stored(message(1, 'lunch', 'web'), 6);
    const b = compact.stored(message(2, 'lunch', 'web'), 6);
    expect(b.client).to.equal(a.client);
    expect(b.recipient).to.deep.equal({ type: 'channel', channel_id: 3, topic: 'lunch' });
  });

  it('shares frozen empty edit and reaction lists, and keeps non-empty ones as given', function () {
    const compact = new CompactMessages();
    const stored = compact.stored(message(1, 'x'), 6);
    expect(Object.isFrozen(stored.edit_history)).to.equal(true);
    expect(Object.isFrozen(stored.reactions)).to.equal(true);
    expect(compact.stored(message(2, 'x'), 6).edit_history).to.equal(stored.edit_history);
    const reacted = { ...message(3, 'x'), reactions: [{ emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji' as const, user_id: 2 }] };
    expect(compact.stored(reacted, 6).reactions).to.equal(reacted.reactions);
  });
});
