import { expect } from 'chai';
import { type MessageRecipient, channelRetentionDays, decideRetentionBatch, directRetentionDays, RETENTION_CHANNEL_BATCH_SIZE, RETENTION_DIRECT_BATCH_SIZE, retentionCutoff } from '@chat/core';

const DAY = 86_400_000;
const LUNCH: MessageRecipient = { type: 'channel', channel_id: 3, topic: 'lunch' };
const PAIR: MessageRecipient = { type: 'direct', user_ids: [1, 2] };

describe('retention policy and batches', function () {
  it("keeps a channel's messages for its own days, the organization's when it has none, forever for -1", function () {
    expect(channelRetentionDays(30, { message_retention_days: null })).to.equal(30);
    expect(channelRetentionDays(30, { message_retention_days: 7 })).to.equal(7);
    expect(channelRetentionDays(30, { message_retention_days: -1 })).to.equal(null);
    expect(channelRetentionDays(-1, { message_retention_days: null })).to.equal(null);
    expect(channelRetentionDays(-1, { message_retention_days: 90 })).to.equal(90);
  });

  it("keeps direct messages for the organization's days, or forever", function () {
    expect(directRetentionDays(30)).to.equal(30);
    expect(directRetentionDays(-1)).to.equal(null);
  });

  it('expires what was sent before now minus the days', function () {
    expect(retentionCutoff(100 * DAY, 30)).to.equal(70 * DAY);
  });

  it('records a batch as deleted by retention, everything ascending and once', function () {
    expect(decideRetentionBatch({ recipient: LUNCH, messageIds: [9, 4, 7], holders: [5, 2, 5, 3], attachmentIds: [8, 1, 8] })).to.deep.equal([
      { type: 'MessagesDeleted', data: { message_ids: [4, 7, 9], recipient: LUNCH, holders: [2, 3, 5], attachment_ids: [1, 8], reason: 'retention' } },
    ]);
    expect(decideRetentionBatch({ recipient: PAIR, messageIds: [], holders: [], attachmentIds: [] })).to.deep.equal([]);
  });

  it("refuses a batch larger than the public server's: 100 messages of a topic, 1,000 of a conversation", function () {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(decideRetentionBatch({ recipient: LUNCH, messageIds: ids(RETENTION_CHANNEL_BATCH_SIZE), holders: [], attachmentIds: [] })).to.have.length(1);
    expect(() => decideRetentionBatch({ recipient: LUNCH, messageIds: ids(101), holders: [], attachmentIds: [] })).to.throw('at most 100');
    expect(decideRetentionBatch({ recipient: PAIR, messageIds: ids(RETENTION_DIRECT_BATCH_SIZE), holders: [], attachmentIds: [] })).to.have.length(1);
    expect(() => decideRetentionBatch({ recipient: PAIR, messageIds: ids(1001), holders: [], attachmentIds: [] })).to.throw('at most 1000');
  });
});
