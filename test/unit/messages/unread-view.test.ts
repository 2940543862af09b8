import { expect } from 'chai';
import { FlagBit } from '@chat/core';
import { MAX_UNREAD_MESSAGES, messageDetailsView, type UnreadEntry, unreadMsgsView, withTopicDisplayName } from '@chat/wire';

const VIEWER = 3;
const inChannel = (id: number, topic: string, flags = 0, muted = false): UnreadEntry => ({ id, recipient: { type: 'channel', channel_id: 9, topic }, flags, muted });
const direct = (id: number, userIds: number[], flags = 0): UnreadEntry => ({ id, recipient: { type: 'direct', user_ids: userIds }, flags, muted: false });

describe('unreadMsgsView', function () {
  it('describes only the newest MAX_UNREAD_MESSAGES, and says older ones are missing', function () {
    const entries = Array.from({ length: MAX_UNREAD_MESSAGES + 2 }, (_, index) => inChannel(index + 1, 't'));
    const view = unreadMsgsView(entries, { viewerId: VIEWER, emptyTopicName: true });
    expect(view.old_unreads_missing).to.equal(true);
    expect(view.count).to.equal(MAX_UNREAD_MESSAGES);
    const [bucket] = view.streams as { unread_message_ids: number[] }[];
    expect(bucket.unread_message_ids[0]).to.equal(3);
    expect(bucket.unread_message_ids).to.have.length(MAX_UNREAD_MESSAGES);
  });

  it('spells a topic as its newest unread message does, and groups topics case-insensitively', function () {
    const view = unreadMsgsView([inChannel(1, 'Plans'), inChannel(2, 'PLANS'), inChannel(3, 'apples')], { viewerId: VIEWER, emptyTopicName: true });
    expect(view.streams).to.deep.equal([
      { stream_id: 9, topic: 'apples', unread_message_ids: [3] },
      { stream_id: 9, topic: 'PLANS', unread_message_ids: [1, 2] },
    ]);
  });

  it('counts muted wildcard mentions neither as unread nor as mentions, but direct mentions always as mentions', function () {
    const view = unreadMsgsView(
      [inChannel(1, 'a', FlagBit.stream_wildcard_mentioned, true), inChannel(2, 'a', FlagBit.mentioned, true), direct(3, [1, VIEWER], FlagBit.topic_wildcard_mentioned)],
      { viewerId: VIEWER, emptyTopicName: true },
    );
    expect(view).to.include({ count: 1 });
    expect(view.mentions).to.deep.equal([2, 3]);
  });
});

describe('messageDetailsView', function () {
  it('gives channel messages their channel, topic and muting, direct messages the other participants', function () {
    const details = messageDetailsView([inChannel(1, '', 0, true), direct(2, [1, VIEWER, 7]), direct(3, [VIEWER], FlagBit.mentioned)], VIEWER);
    expect(details).to.deep.equal({
      1: { type: 'stream', stream_id: 9, topic: '', unmuted_stream_msg: false },
      2: { type: 'private', user_ids: [1, 7] },
      3: { type: 'private', user_ids: [], mentioned: true },
    });
    expect(withTopicDisplayName(details)[1]).to.deep.equal({ type: 'stream', stream_id: 9, topic: 'general chat', unmuted_stream_msg: false });
  });
});
