import { expect } from 'chai';
import type { MessageRecipient, MessageState } from '@chat/core';
import { RecipientIndex } from '../../../packages/readstore/src/memory/messages/recipient-index.js';
import { aMessageState } from '../../support/message-state-factory.js';

const message = (id: number, recipient: MessageRecipient, sender_id = 1): MessageState => aMessageState({ id, recipient, sender_id });
const inTopic = (id: number, topic: string, sender_id = 1): MessageState => message(id, { type: 'channel', channel_id: 3, topic }, sender_id);

/** An index over a test's messages, which it lists and names the senders of as a store would. */
function indexOver(): { index: RecipientIndex; add: (message: MessageState) => number; remove: (message: MessageState) => void } {
  const messages = new Map<number, MessageState>();
  const index = new RecipientIndex(
    (visit) => {
      for (const { id, recipient, sender_id } of [...messages.values()].sort((a, b) => a.id - b.id)) {
        if (recipient.type === 'channel') visit(id, recipient.channel_id, recipient.topic, sender_id);
      }
    },
    (id) => messages.get(id)?.sender_id,
  );
  return {
    index,
    add: (message) => {
      messages.set(message.id, message);
      return index.add(message);
    },
    remove: (message) => {
      index.remove(message, (id) => {
        const recipient = messages.get(id)?.recipient;
        return recipient?.type === 'channel' ? recipient.topic : undefined;
      });
      messages.delete(message.id);
    },
  };
}

describe('RecipientIndex (memory message store)', function () {
  it('files a channel’s messages by topic, whatever the case, named by the newest spelling', function () {
    const { index, add } = indexOver();
    expect(add(inTopic(1, 'Lunch'))).to.equal(6);
    add(inTopic(2, 'lunch', 2));
    add(inTopic(3, 'LUNCH'));
    add(inTopic(4, 'Plans'));
    expect(index.channelIds(3, 'lunch').toArray()).to.deep.equal([1, 2, 3]);
    expect(index.channelIds(3).toArray()).to.deep.equal([1, 2, 3, 4]);
    expect(index.topics(3)).to.deep.equal([
      { name: 'Plans', max_id: 4 },
      { name: 'LUNCH', max_id: 3 },
    ]);
    expect(index.channelIds(4).toArray()).to.deep.equal([]);
  });

  it('is built from the messages when first read, and follows sends and removals from then on', function () {
    const { index, add, remove } = indexOver();
    const first = inTopic(1, 'Lunch', 5);
    add(first);
    add(inTopic(2, 'Lunch', 6));
    remove(first);
    expect(index.channelIds(3).toArray()).to.deep.equal([2]);
    add(inTopic(7, 'Lunch', 2));
    const late = inTopic(8, 'Dinner', 2);
    add(late);
    remove(late);
    expect(index.channelIds(3).toArray()).to.deep.equal([2, 7]);
    expect(index.topics(3)).to.deep.equal([{ name: 'Lunch', max_id: 7 }]);
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

  it('starts a topic afresh when its last message went, and names it after the spelling left', function () {
    const { index, add, remove } = indexOver();
    add(inTopic(1, 'lunch'));
    const newest = inTopic(2, 'LUNCH');
    add(newest);
    expect(index.topics(3)).to.deep.equal([{ name: 'LUNCH', max_id: 2 }]);
    remove(newest);
    expect(index.topics(3)).to.deep.equal([{ name: 'lunch', max_id: 1 }]);
    remove(inTopic(1, 'lunch'));
    expect(index.topics(3)).to.deep.equal([]);
    add(inTopic(5, 'Lunch', 4));
    expect(index.topicSenders(3, 'lunch')).to.deep.equal([4]);
    expect(index.topics(3)).to.deep.equal([{ name: 'Lunch', max_id: 5 }]);
  });

  it('gives a direct conversation its first message’s recipient id, whatever order its participants are named in', function () {
    const { index, add } = indexOver();
    expect(add(message(4, { type: 'direct', user_ids: [2, 1] }))).to.equal(9);
    expect(add(message(9, { type: 'direct', user_ids: [1, 2] }))).to.equal(9);
    expect(index.conversationIds([2, 1]).toArray()).to.deep.equal([4, 9]);
    expect(index.recipientId([1, 2])).to.equal(9);
    expect(index.conversationsOf(2).map((each) => each.participants)).to.deep.equal([[1, 2]]);
  });
});
