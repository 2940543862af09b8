import { expect } from 'chai';
import { type ContentFlags, type DomainEvent, FlagBit } from '@chat/core';
import { freshModels, project } from '../../support/read-model-fixture.js';
import { storedEvents, T0 } from '../../support/stored-events.js';

const noFlags: ContentFlags = { mentioned: [], stream_wildcard_mentioned: [], topic_wildcard_mentioned: [], has_alert_word: [] };

const sent = (message_id: number, topic: string, flags: ContentFlags = noFlags): DomainEvent => ({
  type: 'MessageSent',
  data: {
    message_id,
    sender_id: 1,
    recipient: { type: 'channel', channel_id: 10, topic },
    content: `m${message_id}`,
    rendered_content: `<p>m${message_id}</p>`,
    is_me_message: false,
    receivers: [1, 2, 3],
    read: [1],
    flags,
  },
});

/** The events as the log returns them, each by user 1, a second apart. */
const byUserOne = (events: DomainEvent[]) => storedEvents(events).map((event) => ({ ...event, metadata: { ...event.metadata, actor_id: 1 } }));

describe('message edits projection', function () {
  it('applies a content edit: new content, a history entry, and the content flags rewritten for every holder', async function () {
    const models = freshModels();
    await project(models, byUserOne([
      sent(1, 'lunch', { ...noFlags, mentioned: [2] }),
      { type: 'MessageContentEdited', data: { message_id: 1, content: 'new', rendered_content: '<p>new</p>', prev_content: 'm1', prev_rendered_content: '<p>m1</p>', is_me_message: false, flags: { ...noFlags, mentioned: [3] } } },
    ]));
    const message = await models.messages.get(1);
    expect(message).to.include({ content: 'new', rendered_content: '<p>new</p>', last_edit_timestamp: T0 + 2000, last_moved_timestamp: null });
    expect(message?.edit_history).to.deep.equal([{ timestamp: T0 + 2000, user_id: 1, prev_content: 'm1', prev_rendered_content: '<p>m1</p>' }]);
    expect([...(await models.messages.flagsOf(2, [1])).values()]).to.deep.equal([0]);
    expect([...(await models.messages.flagsOf(3, [1])).values()]).to.deep.equal([FlagBit.mentioned]);
    expect([...(await models.messages.flagsOf(1, [1])).values()]).to.deep.equal([FlagBit.read]);
  });

  it('applies a move: every message to its new place, with the rows it drops and adds', async function () {
    const models = freshModels();
    await project(models, byUserOne([
      sent(1, 'lunch'),
      sent(2, 'lunch'),
      {
        type: 'MessagesMoved',
        data: {
          message_id: 1,
          message_ids: [1, 2],
          from: { channel_id: 10, topic: 'lunch' },
          to: { channel_id: 11, topic: 'dinner' },
          propagate_mode: 'change_all',
          rows_removed: [3],
          lost_access: [3],
          rows_added: [2, 4],
        },
      },
    ]));
    for (const message of await models.messages.getMany([1, 2])) {
      expect(message.recipient).to.deep.equal({ type: 'channel', channel_id: 11, topic: 'dinner' });
      expect(message.last_moved_timestamp).to.equal(T0 + 3000);
      expect(message.edit_history).to.deep.equal([{ timestamp: T0 + 3000, user_id: 1, prev_topic: 'lunch', topic: 'dinner', prev_stream: 10, stream: 11 }]);
      expect(await models.messages.holders(message.id)).to.deep.equal([1, 2, 4]);
    }
    // User 2 kept their own (unread) rows; user 4 got read ones.
    expect([...(await models.messages.flagsOf(2, [1, 2])).values()]).to.deep.equal([0, 0]);
    expect([...(await models.messages.flagsOf(4, [1, 2])).values()]).to.deep.equal([FlagBit.read, FlagBit.read]);
    expect(await models.messages.topicIds(10, 'lunch')).to.deep.equal([]);
    expect(await models.messages.topicIds(11, 'dinner')).to.deep.equal([1, 2]);
  });

  it('a pure resolve records history but does not count as moving', async function () {
    const models = freshModels();
    await project(models, byUserOne([
      sent(1, 'lunch'),
      { type: 'MessagesMoved', data: { message_id: 1, message_ids: [1], from: { channel_id: 10, topic: 'lunch' }, to: { channel_id: 10, topic: '✔ lunch' }, propagate_mode: 'change_all', rows_removed: [], lost_access: [], rows_added: [] } },
    ]));
    const message = await models.messages.get(1);
    expect(message).to.include({ last_moved_timestamp: null });
    expect(message?.edit_history).to.deep.equal([{ timestamp: T0 + 2000, user_id: 1, prev_topic: 'lunch', topic: '✔ lunch' }]);
  });
});
