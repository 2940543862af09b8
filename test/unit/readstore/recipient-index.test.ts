import { expect } from 'chai';
import type { MessageRecipient, MessageState } from '@chat/core';
import { RecipientIndex } from '../../../packages/readstore/src/memory/messages/recipient-index.js';

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

describe('RecipientIndex (memory message store)', function () {
  it('places messages of one topic spelling at one shared recipient, and other spellings in the same topic', function () {
    const index = new RecipientIndex();
    const a = index.add(inTopic(1, 'Lunch'));
    const b = index.add(inTopic(2, 'Lunch', 2));
    const c = index.add(inTopic(3, 'LUNCH'));
    expect(b).to.equal(a);
    expect(a.recipient).to.deep.equal({ type: 'channel', channel_id: 3, topic: 'Lunch' });
    expect(a.recipient_id).to.equal(6);
    expect(c.recipient).to.deep.equal({ type: 'channel', channel_id: 3, topic: 'LUNCH' });
    expect(index.channelIds(3, 'lunch').toArray()).to.deep.equal([1, 2, 3]);
    expect(index.topics(3)).to.deep.equal([{ name: 'LUNCH', max_id: 3 }]);
    expect(index.topicSenders(3, 'Lunch')).to.deep.equal([1, 2]);
  });

  it('starts a topic afresh when its last message went, for the spellings it had', function () {
    const index = new RecipientIndex();
    const first = inTopic(1, 'Lunch');
    index.add(first);
    index.remove(first, () => undefined);
    expect(index.topics(3)).to.deep.equal([]);
    index.add(inTopic(5, 'Lunch', 4));
    expect(index.channelIds(3, 'lunch').toArray()).to.deep.equal([5]);
    expect(index.topicSenders(3, 'lunch')).to.deep.equal([4]);
    expect(index.topics(3)).to.deep.equal([{ name: 'Lunch', max_id: 5 }]);
  });

  it('places a direct conversation at one recipient, whatever order its participants are named in', function () {
    const index = new RecipientIndex();
    const a = index.add(message(4, { type: 'direct', user_ids: [2, 1] }));
    const b = index.add(message(9, { type: 'direct', user_ids: [1, 2] }));
    expect(b).to.equal(a);
    expect(a.recipient_id).to.equal(9);
    expect(index.conversationIds([2, 1]).toArray()).to.deep.equal([4, 9]);
  });
});
