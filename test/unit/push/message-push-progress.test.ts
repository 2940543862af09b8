import { expect } from 'chai';
import { decideMessagePushOutcome, MESSAGE_PUSH_ATTEMPTS, type MessagePushEvent, messagePushProgress, pushCandidates, withIdSet } from '@chat/core';

const failed = (attempt: number, user_ids: number[], failed_user_ids: number[], gave_up = false): MessagePushEvent => ({
  type: 'MessagePushFailed',
  data: { message_id: 9, attempt, user_ids, failed_user_ids, error_code: 'FAILED_TO_CONNECT_BOUNCER', gave_up },
});

describe('message push candidates', function () {
  it('are the receivers with devices, without the sender, whichever list is shorter', function () {
    expect(pushCandidates([1, 2, 3, 4, 5, 6, 7], [2, 5, 9], 5)).to.deep.equal([2]);
    expect(pushCandidates([2, 5], [1, 2, 3, 4, 5, 6, 7], 2)).to.deep.equal([5]);
    expect(pushCandidates([1, 2], [], 1)).to.deep.equal([]);
  });

  it('the users-with-devices list takes ids in and out and stays ascending', function () {
    expect(withIdSet([2, 8], 5, true)).to.deep.equal([2, 5, 8]);
    expect(withIdSet([2, 8], 9, true)).to.deep.equal([2, 8, 9]);
    expect(withIdSet([2, 5, 8], 5, true)).to.deep.equal([2, 5, 8]);
    expect(withIdSet([2, 5, 8], 5, false)).to.deep.equal([2, 8]);
  });
});

describe('message push outcome', function () {
  it('records the pushes sent once every receiver was reached, counting earlier partial attempts', function () {
    const progress = messagePushProgress([failed(1, [3], [4])]);
    expect(progress).to.deep.equal({ done: false, failures: 1, reached: [3] });
    expect(decideMessagePushOutcome(9, progress, { reached: [4], failed: [], error_code: null })).to.deep.equal([
      { type: 'MessagePushesSent', data: { message_id: 9, user_ids: [3, 4] } },
    ]);
  });

  it('records a failure with its attempt number, giving up at the last attempt allowed', function () {
    const attempt = { reached: [], failed: [4], error_code: 'INTERNAL_SERVER_ERROR_ON_BOUNCER' };
    const [first] = decideMessagePushOutcome(9, messagePushProgress([]), attempt);
    expect(first).to.deep.equal({
      type: 'MessagePushFailed',
      data: { message_id: 9, attempt: 1, user_ids: [], failed_user_ids: [4], error_code: 'INTERNAL_SERVER_ERROR_ON_BOUNCER', gave_up: false },
    });
    const before = Array.from({ length: MESSAGE_PUSH_ATTEMPTS - 1 }, (_, index) => failed(index + 1, [], [4]));
    const [last] = decideMessagePushOutcome(9, messagePushProgress(before), attempt);
    expect(last?.type === 'MessagePushFailed' && last.data.attempt).to.equal(MESSAGE_PUSH_ATTEMPTS);
    expect(last?.type === 'MessagePushFailed' && last.data.gave_up).to.equal(true);
  });

  it('records nothing once the stream says the work is done (sent, or given up)', function () {
    const sent: MessagePushEvent = { type: 'MessagePushesSent', data: { message_id: 9, user_ids: [] } };
    const nothing = { reached: [], failed: [], error_code: null };
    expect(decideMessagePushOutcome(9, messagePushProgress([sent]), nothing)).to.deep.equal([]);
    expect(decideMessagePushOutcome(9, messagePushProgress([failed(1, [], [4], true)]), nothing)).to.deep.equal([]);
  });
});
