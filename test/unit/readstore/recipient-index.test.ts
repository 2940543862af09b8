import { expect } from 'chai';
import type { MessageRecipient, MessageState } from '@chat/core';
import { type Placement, RecipientIndex } from '../../../packages/readstore/src/memory/messages/recipient-index.js';

const message = (id: number, recipient: MessageRecipient, sender_id = 1): MessageState => ({
  id,
  sender_id,
  recipient,
  content: '',
  rendered_content: '',
  date_sent: 0,
  client: 'test',
  is_me_message: false,
  last_edit_timestamp: null,
  last_moved_timestamp: null,
  edit_history: [],
  reactions: [],
});
const inTopic = (id: number, topic: string, sender_id = 1): MessageState => message(id, { type: 'channel', channel_id: 3, topic }, sender_id);

/** An index over the messages of a test, which names their senders. */
function indexOver(): { index: RecipientIndex; add: (message: MessageState) => Placement; remove: (message: MessageState) => void } {
  const senders = new Map<number, number>();
  const index = new RecipientIndex((id) => senders.get(id));
  return {
    index,
    add: (message) => {
      senders.set(message.id, message.sender_id);
      return index.add(message);
    },
    remove: (message) => {
      index.remove(message, () => undefined);
      senders.delete(message.id);
    },
  };
}

describe('RecipientIndex (memory message store)', function () {
  it('places messages of one topic spelling at one shared recipient, and other spellings in the same topic', function () {
    const { index, add } = indexOver();
    const a = add(inTopic(1, 'Lunch'));
    const b = add(inTopic(2, 'Lunch', 2));
    const c = add(inTopic(3, 'LUNCH'));
    expect(b).to.equal(a);
    expect(a.recipient).to.deep.equal({ type: 'channel', channel_id: 3, topic: 'Lunch' });
    expect(a.recipient_id).to.equal(6);
    expect(c.recipient).to.deep.equal({ type: 'channel', channel_id: 3, topic: 'LUNCH' });
    expect(index.channelIds(3, 'lunch').toArray()).to.deep.equal([1, 2, 3]);
    expect(index.topics(3)).to.deep.equal([{ name: 'LUNCH', max_id: 3 }]);
  });

  it('counts a topic’s senders when first asked, and keeps the count through later sends and removals', function () {
    const { index, add, remove } = indexOver();
    const first = inTopic(1, 'Lunch', 5);
    add(first);
    add(inTopic(2, 'lunch', 2));
    expect(index.topicSenders(3, 'LUNCH')).to.deep.equal([2, 5]);
    add(inTopic(3, 'Lunch', 9));
    add(inTopic(4, 'Lunch', 2));
    remove(first);
    expect(index.topicSenders(3, 'lunch')).to.deep.equal([2, 9]);
    expect(index.topicSenders(3, 'dinner')).to.deep.equal([]);
  });

  it('starts a topic afresh when its last message went, for the spellings it had', function () {
    const { index, add, remove } = indexOver();
    const first = inTopic(1, 'Lunch');
    add(first);
    expect(index.topicSenders(3, 'lunch')).to.deep.equal([1]);
    remove(first);
    expect(index.topics(3)).to.deep.equal([]);
    add(inTopic(5, 'Lunch', 4));
    expect(index.channelIds(3, 'lunch').toArray()).to.deep.equal([5]);
    expect(index.topicSenders(3, 'lunch')).to.deep.equal([4]);
    expect(index.topics(3)).to.deep.equal([{ name: 'Lunch', max_id: 5 }]);
  });

  it('places a direct conversation at one recipient, whatever order its participants are named in', function () {
    const { index, add } = indexOver();
    const a = add(message(4, { type: 'direct', user_ids: [2, 1] }));
    const b = add(message(9, { type: 'direct', user_ids: [1, 2] }));
    expect(b).to.equal(a);
    expect(a.recipient_id).to.equal(9);
    expect(index.conversationIds([2, 1]).toArray()).to.deep.equal([4, 9]);
  });
});
