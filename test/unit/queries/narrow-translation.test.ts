import { expect } from 'chai';
import { ApiError, FlagBit, MENTION_BITS } from '@chat/core';
import { parseNarrow, searchWords } from '../../../services/api/src/queries/narrow-clauses.js';
import { type NarrowWorld, translateNarrow, UNREAD, withConversation } from '../../../services/api/src/queries/narrow-translation.js';

const VIEWER = 10;

/** Channels 1 general (shared history), 2 secret (the viewer's history only); users 10 (viewer), 11, 12. */
const world: NarrowWorld = {
  viewerId: VIEWER,
  channel: (ref) => {
    if (ref === 'general' || ref === 1) return { id: 1, readsHistory: true };
    if (ref === 'secret' || ref === 2) return { id: 2, readsHistory: false };
    return undefined;
  },
  sharedChannels: (kind) => (kind === 'public' ? [1, 3] : [3]),
  user: (ref) => new Map<string, number>([['10', 10], ['11', 11], ['12', 12], ['me@x.test', 10], ['bo@x.test', 11], ['cy@x.test', 12]]).get(String(ref).toLowerCase()),
  followedIds: () => [5, 7],
};

const translate = (narrow: unknown) => translateNarrow(parseNarrow(narrow), world);

function expectNarrowError(narrow: unknown, msg: string): void {
  let thrown: unknown;
  try {
    translate(narrow);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).to.be.instanceOf(ApiError);
  expect(thrown).to.include({ code: 'BAD_REQUEST', message: msg });
}

describe('narrow translation', () => {
  it('an empty narrow reads the viewer history with no condition', () => {
    expect(translate([])).to.deep.equal({ source: { kind: 'history' }, where: [], search: [] });
    expect(translate(undefined)).to.deep.equal({ source: { kind: 'history' }, where: [], search: [] });
  });

  it('a channel with shared history is read whole; by name, id, and the old operator name alike', () => {
    for (const narrow of [[['channel', 'general']], [['stream', 'general']], [{ operator: 'channel', operand: 1 }], [{ operator: 'stream', operand: 'general' }]]) {
      expect(translate(narrow), JSON.stringify(narrow)).to.deep.equal({
        source: { kind: 'channels', channelIds: [1] },
        where: [{ op: 'channel', channelId: 1 }],
        search: [],
      });
    }
  });

  it('a channel without shared history is read from the viewer history', () => {
    expect(translate([['channel', 'secret']]).source).to.deep.equal({ kind: 'history' });
  });

  it('a negated channel keeps the viewer history as source', () => {
    expect(translate([['-channel', 'general']])).to.deep.equal({
      source: { kind: 'history' },
      where: [{ op: 'not', of: { op: 'channel', channelId: 1 } }],
      search: [],
    });
    expect(translate([{ operator: 'channel', operand: 'general', negated: true }]).where).to.deep.equal([{ op: 'not', of: { op: 'channel', channelId: 1 } }]);
  });

  it('channels:public reads every shared public channel', () => {
    for (const narrow of [[['channels', 'public']], [['streams', 'public']]]) {
      expect(translate(narrow)).to.deep.equal({
        source: { kind: 'channels', channelIds: [1, 3] },
        where: [{ op: 'channels', channelIds: [1, 3] }],
        search: [],
      });
    }
    expect(translate([['channels', 'web-public']]).source).to.deep.equal({ kind: 'channels', channelIds: [3] });
  });

  it('topic and subject compare the canonical topic; the empty topic by its display names', () => {
    expect(translate([['topic', ' Lunch ']]).where).to.deep.equal([{ op: 'topic', topic: 'Lunch' }]);
    expect(translate([['subject', '(no topic)']]).where).to.deep.equal([{ op: 'topic', topic: '' }]);
    expect(translate([['topic', 'general chat']]).where).to.deep.equal([{ op: 'topic', topic: '' }]);
  });

  it('dm names the exact conversation, the viewer included, from ids, a list of addresses or addresses with commas', () => {
    const expected = [{ op: 'conversation', userIds: [10, 11, 12] }];
    expect(translate([{ operator: 'dm', operand: [12, 11] }]).where).to.deep.equal(expected);
    expect(translate([['dm', 'bo@x.test,cy@x.test']]).where).to.deep.equal(expected);
    expect(translate([['pm-with', 'BO@x.test, cy@x.test']]).where).to.deep.equal(expected);
    expect(translate([{ operator: 'dm', operand: ['bo@x.test', 'cy@x.test'] }]).where).to.deep.equal(expected);
    expect(translate([{ operator: 'dm', operand: [10] }]).where).to.deep.equal([{ op: 'conversation', userIds: [10] }]);
  });

  it('dm-including, group-pm-with and sender name one user; sender:me is the viewer', () => {
    expect(translate([['dm-including', 'bo@x.test']]).where).to.deep.equal([{ op: 'dm-including', userId: 11 }]);
    expect(translate([['group-pm-with', 'bo@x.test']]).where).to.deep.equal([{ op: 'dm-including', userId: 11 }]);
    expect(translate([{ operator: 'sender', operand: 12 }]).where).to.deep.equal([{ op: 'sender', userId: 12 }]);
    expect(translate([['sender', 'cy@x.test']]).where).to.deep.equal([{ op: 'sender', userId: 12 }]);
    expect(translate([['sender', 'me']]).where).to.deep.equal([{ op: 'sender', userId: 10 }]);
  });

  it('is: operands map to flags, direct messages, resolved topics and followed topics', () => {
    expect(translate([['is', 'dm']]).where).to.deep.equal([{ op: 'direct' }]);
    expect(translate([['is', 'private']]).where).to.deep.equal([{ op: 'direct' }]);
    expect(translate([['is', 'starred']]).where).to.deep.equal([{ op: 'flags', bits: FlagBit.starred }]);
    expect(translate([['is', 'unread']]).where).to.deep.equal([UNREAD]);
    expect(translate([['is', 'mentioned']]).where).to.deep.equal([{ op: 'flags', bits: MENTION_BITS }]);
    expect(translate([['is', 'alerted']]).where).to.deep.equal([{ op: 'flags', bits: FlagBit.has_alert_word }]);
    expect(translate([['is', 'resolved']]).where).to.deep.equal([{ op: 'resolved' }]);
    expect(translate([['is', 'followed']]).where).to.deep.equal([{ op: 'ids', ids: [5, 7] }]);
    expect(translate([['-is', 'starred']]).where).to.deep.equal([{ op: 'not', of: { op: 'flags', bits: FlagBit.starred } }]);
  });

  it('id, has and near', () => {
    expect(translate([{ operator: 'id', operand: 42 }]).where).to.deep.equal([{ op: 'ids', ids: [42] }]);
    expect(translate([['id', '42']]).where).to.deep.equal([{ op: 'ids', ids: [42] }]);
    for (const what of ['link', 'image', 'attachment', 'reaction']) expect(translate([['has', what]]).where).to.deep.equal([{ op: 'has', what }]);
    expect(translate([['near', '42']]).where).to.deep.equal([]);
  });

  it('search splits words, keeps quoted phrases, and only positive search words are highlighted', () => {
    expect(searchWords('Lunch "big plans"  now')).to.deep.equal(['lunch', 'big plans', 'now']);
    expect(translate([['search', 'Lunch plans']])).to.deep.equal({ source: { kind: 'history' }, where: [{ op: 'search', words: ['lunch', 'plans'] }], search: ['lunch', 'plans'] });
    expect(translate([['-search', 'lunch']]).search).to.deep.equal([]);
  });

  it('refuses unknown operators and operands, unknown channels and users', () => {
    expectNarrowError([['colour', 'red']], "Invalid narrow operator: unknown operator 'colour'");
    expectNarrowError([['is', 'purple']], "Invalid narrow operator: unknown 'is' operand 'purple'");
    expectNarrowError([['has', 'video']], "Invalid narrow operator: unknown 'has' operand 'video'");
    expectNarrowError([['channels', 'all']], "Invalid narrow operator: unknown 'channels' operand 'all'");
    expectNarrowError([['channel', 'hidden']], "Invalid narrow operator: unknown channel 'hidden'");
    expectNarrowError([['sender', 'nobody@x.test']], "Invalid narrow operator: unknown user 'nobody@x.test'");
    expectNarrowError([['dm', 'bo@x.test,nobody@x.test']], "Invalid narrow operator: unknown user 'nobody@x.test'");
    expectNarrowError([['id', 'abc']], "Invalid narrow operator: invalid message id 'abc'");
    expectNarrowError([{ operator: 'sender', operand: [11, 12] }], "Invalid narrow operator: 'sender' takes one operand");
  });

  it('refuses terms of the wrong shape', () => {
    expect(() => parseNarrow('general')).to.throw("Invalid 'narrow': must be a list");
    expect(() => parseNarrow([['is']])).to.throw("Invalid 'narrow': each term must be");
    expect(() => parseNarrow([{ operand: 'x' }])).to.throw("Invalid 'narrow': each term must be");
    expect(() => parseNarrow([{ operator: 'is', operand: { a: 1 } }])).to.throw("Invalid 'narrow': an operand must be");
  });

  it('with: replaces the conversation terms by the message conversation as it is now', () => {
    const clauses = parseNarrow([['channel', 'general'], ['topic', 'old'], ['-sender', 'bo@x.test'], ['with', '9']]);
    expect(withConversation(clauses, { type: 'channel', channel_id: 2, topic: 'new' }, VIEWER)).to.deep.equal([
      { operator: 'sender', operand: 'bo@x.test', negated: true },
      { operator: 'channel', operand: 2, negated: false },
      { operator: 'topic', operand: 'new', negated: false },
    ]);
    expect(withConversation(parseNarrow([['with', 9]]), { type: 'direct', user_ids: [10, 11] }, VIEWER)).to.deep.equal([{ operator: 'dm', operand: [11], negated: false }]);
    expect(withConversation(parseNarrow([['with', 9]]), { type: 'direct', user_ids: [10] }, VIEWER)).to.deep.equal([{ operator: 'dm', operand: [10], negated: false }]);
  });
});
