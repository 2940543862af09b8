import { expect } from 'chai';
import { MessageColumns } from '../../../packages/readstore/src/memory/messages/message-columns.js';
import { aMessageState } from '../../support/message-state-factory.js';

const body = { content: 'hi', rendered_content: '<p>hi</p>' };

describe('MessageColumns (memory message store)', function () {
  it('gives back every field of channel and direct messages, with their recipient ids', function () {
    const columns = new MessageColumns();
    const channel = aMessageState({ id: 3, is_me_message: true, client: 'web' });
    const direct = aMessageState({ id: 2000, recipient: { type: 'direct', user_ids: [4, 7] }, date_sent: 1_700_000_123_456 });
    columns.set(channel, 20);
    columns.set(direct, 5);
    expect(columns.message(3, body)).to.deep.equal({ ...channel, recipient_id: 20 });
    expect(columns.message(2000, body)).to.deep.equal({ ...direct, recipient_id: 5 });
    expect(columns.has(4)).to.equal(false);
    expect([...columns.ids()]).to.deep.equal([3, 2000]);
  });

  it('keeps edits, reactions and edit and move times for the messages that have them, and forgets them on a plain rewrite', function () {
    const columns = new MessageColumns();
    const reactions = [{ emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji' as const, user_id: 2 }];
    const edited = aMessageState({ id: 1, last_edit_timestamp: 5, last_moved_timestamp: 6, edit_history: [{ timestamp: 5, user_id: 7, prev_content: 'a' }], reactions });
    columns.set(edited, 20);
    expect(columns.message(1, body)).to.deep.equal({ ...edited, recipient_id: 20 });
    columns.set(aMessageState({ id: 1 }), 20);
    expect(columns.message(1, body)).to.deep.equal({ ...aMessageState({ id: 1 }), recipient_id: 20 });
  });

  it('hands out new objects, so a caller changing one changes nothing stored', function () {
    const columns = new MessageColumns();
    columns.set(aMessageState({ id: 1, recipient: { type: 'direct', user_ids: [1, 2] } }), 3);
    const read = columns.message(1, body);
    if (read.recipient.type === 'direct') read.recipient.user_ids.push(9);
    expect(columns.message(1, body).recipient).to.deep.equal({ type: 'direct', user_ids: [1, 2] });
  });

  it('visits channel messages in id order without their direct ones, and restores from its image', function () {
    const columns = new MessageColumns();
    columns.set(aMessageState({ id: 9, recipient: { type: 'channel', channel_id: 4, topic: 'b' }, sender_id: 2 }), 8);
    columns.set(aMessageState({ id: 8, recipient: { type: 'direct', user_ids: [1] } }), 17);
    columns.set(aMessageState({ id: 1, recipient: { type: 'channel', channel_id: 3, topic: 'a' } }), 6);
    columns.delete(9);
    columns.set(aMessageState({ id: 10, recipient: { type: 'channel', channel_id: 3, topic: 'a' }, sender_id: 5 }), 6);
    const seen: unknown[] = [];
    columns.forEachInChannel((...row) => seen.push(row));
    expect(seen).to.deep.equal([
      [1, 3, 'a', 7],
      [10, 3, 'a', 5],
    ]);
    const copy = new MessageColumns();
    const { arrays, tables } = columns.image();
    copy.restore(arrays, JSON.parse(JSON.stringify(tables)));
    for (const id of [1, 8, 10]) expect(copy.message(id, body)).to.deep.equal(columns.message(id, body));
    expect(copy.has(9)).to.equal(false);
  });
});
