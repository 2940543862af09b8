import { expect } from 'chai';
import { KeyRing, sealText } from '@chat/keystore';
import { forgottenPaths, SEALED, sealData, type SealGroup, subjectsToSeal, unsealData } from '@chat/eventstore';

const MESSAGE: SealGroup[] = [{ by: ['message:message_id'], paths: ['content', 'edit.content'], forgotten: ['', ''] }];
const PROFILE: SealGroup[] = [{ by: ['user:user_id'], paths: ['fields.*.value'], forgotten: [null] }];
const NAMED: SealGroup[] = [{ by: ['user:user_id'], paths: ['full_name'], forgotten: ['Deleted User {user_id}'] }];

const ringFor = (...subjects: string[]): KeyRing => {
  const ring = new KeyRing();
  ring.addMasters(ring.newEpochs(subjects));
  return ring;
};
/** As a store gives stored data back: a fresh parse of what was written. */
const stored = (data: object): Record<string, unknown> => JSON.parse(JSON.stringify(data)) as Record<string, unknown>;

describe('sealing event data', () => {
  it('takes sealed values out of their places into one box per subject set, leaving the caller\'s object alone', () => {
    const data = { message_id: 7, content: 'secret words', edit: { content: 'older words', is_me: false }, receivers: [1, 2] };
    const ring = ringFor('message-7');
    expect(subjectsToSeal(data, MESSAGE)).to.deep.equal(['message-7']);
    const sealed = sealData(data, MESSAGE, 'event-1', ring);
    expect(data.content).to.equal('secret words');
    expect(JSON.stringify(sealed)).not.to.contain('words');
    expect(sealed).to.deep.include({ message_id: 7, edit: { is_me: false }, receivers: [1, 2] });
    expect((sealed[SEALED] as { s: string[]; p: string[] }[]).map((entry) => [entry.s, entry.p])).to.deep.equal([[['message-7'], ['content', 'edit.content']]]);
  });

  it('reads back exactly what was sealed, the same bytes for the same event id', () => {
    const data = { message_id: 7, content: 'secret words', edit: { content: 'older words' } };
    const ring = ringFor('message-7');
    const once = sealData(data, MESSAGE, 'event-1', ring);
    expect(JSON.stringify(sealData(data, MESSAGE, 'event-1', ring))).to.equal(JSON.stringify(once));
    const read = unsealData(stored(once), 'event-1', ring);
    expect(stored(read)).to.deep.equal(data);
    expect(forgottenPaths(read)).to.deep.equal([]);
  });

  it('stores the other values in their order with `$sealed` last, as the log has always held them, and names every box\'s subjects', () => {
    const data = { message_id: 9, content: 'secret words', user_id: 4, full_name: 'Ada', sender_id: 2 };
    const ring = ringFor('message-9', 'user-4');
    const sealed = sealData(data, [...MESSAGE, ...NAMED], 'event-2', ring);
    expect(Object.keys(sealed)).to.deep.equal(['message_id', 'user_id', 'sender_id', SEALED]);
    expect(subjectsToSeal(data, [...MESSAGE, ...NAMED])).to.deep.equal(['message-9', 'user-4']);
    expect(subjectsToSeal(data, MESSAGE)).to.deep.equal(['message-9']);
    expect(stored(unsealData(stored(sealed), 'event-2', ring))).to.deep.equal(data);
  });

  it('seals each item of an array path, and leaves nulls unsealed', () => {
    const data = { user_id: 3, fields: [{ id: 1, value: 'my phone' }, { id: 2, value: null }] };
    const ring = ringFor('user-3');
    const sealed = sealData(data, PROFILE, 'e', ring);
    expect(JSON.stringify(sealed)).not.to.contain('phone');
    expect((sealed[SEALED] as { p: string[] }[])[0].p).to.deep.equal(['fields.0.value']);
    expect(stored(unsealData(stored(sealed), 'e', ring))).to.deep.equal(data);
  });

  it('reads forgotten values as their placeholders, names them, and keeps everything else', () => {
    const ring = ringFor('user-3');
    const sealed = stored(sealData({ user_id: 3, full_name: 'Ann Example', role: 400 }, NAMED, 'e', ring));
    ring.apply(ring.planForget(['user-3']));
    const read = unsealData(sealed, 'e', ring);
    expect(stored(read)).to.deep.equal({ user_id: 3, full_name: 'Deleted User 3', role: 400 });
    expect(forgottenPaths(read)).to.deep.equal(['full_name']);
  });

  it('decrypts only when a value is read', () => {
    const ring = ringFor('message-7');
    const sealed = stored(sealData({ message_id: 7, content: 'x' }, MESSAGE, 'e', ring));
    let asked = 0;
    const counting = Object.assign(Object.create(ring) as KeyRing, {
      keyFor: (subjects: readonly string[]) => (asked++, ring.keyFor(subjects)),
    });
    const read = unsealData(sealed, 'e', counting) as { message_id: number; content: string };
    expect(read.message_id).to.equal(7);
    expect(asked).to.equal(0);
    expect(read.content).to.equal('x');
    expect(read.content).to.equal('x');
    expect(asked).to.equal(1);
  });

  it('refuses a box moved to another event, or changed', () => {
    const ring = ringFor('message-7');
    const sealed = stored(sealData({ message_id: 7, content: 'x' }, MESSAGE, 'e', ring));
    expect(() => (unsealData(stored(sealed), 'other', ring) as { content: string }).content).to.throw();
    const box = (sealed[SEALED] as { b: string }[])[0];
    box.b = `${box.b.slice(0, 20)}${box.b[20] === 'A' ? 'B' : 'A'}${box.b.slice(21)}`;
    expect(() => (unsealData(sealed, 'e', ring) as { content: string }).content).to.throw();
  });

  it('marks the box format of every new box, and reads boxes of format 1 (no mark) as logs written before it hold them', () => {
    const ring = ringFor('message-7');
    const sealed = stored(sealData({ message_id: 7, content: 'new words' }, MESSAGE, 'e', ring));
    expect((sealed[SEALED] as { v?: number }[])[0].v).to.equal(2);
    // An entry as format 1 wrote it: no `v`, the box AES-256-GCM under the `chat-sealed/v1` context.
    const key = ring.keyFor(['message-7']) as Buffer;
    const old = { message_id: 7, [SEALED]: [{ s: ['message-7'], p: ['content'], f: [''], b: sealText(key, 'chat-sealed/v1\ne-old\nmessage-7\ncontent', JSON.stringify(['old words']), 1) }] };
    expect((unsealData(stored(old), 'e-old', ring) as { content: string }).content).to.equal('old words');
    // The format is part of what the box is authenticated with: a mark changed either way does not open.
    const demoted = stored(sealed);
    delete (demoted[SEALED] as { v?: number }[])[0].v;
    expect(() => (unsealData(demoted, 'e', ring) as { content: string }).content).to.throw();
    const promoted = stored(old);
    (promoted[SEALED] as { v?: number }[])[0].v = 2;
    expect(() => (unsealData(promoted, 'e-old', ring) as { content: string }).content).to.throw();
  });

  it('keeps each event\'s own values when many are unsealed alike, nested ones and several boxes too', () => {
    const ring = ringFor('message-1', 'user-1');
    const BOTH: SealGroup[] = [...MESSAGE, { by: ['user:user_id'], paths: ['full_name'], forgotten: ['Deleted User {user_id}'] }];
    const written = Array.from({ length: 50 }, (_, i) => ({ message_id: i, user_id: i, content: `text ${i}`, full_name: `Name ${i}`, edit: { content: `older ${i}` } }));
    const read = written.map((data, i) => unsealData(stored(sealData(data, BOTH, `event-${i}`, ring)), `event-${i}`, ring));
    ring.apply(ring.planForget(['message-3', 'user-4']));
    // Read in another order than unsealed: each getter finds its own event's box.
    for (const i of [49, 0, 17, 3, 4, 5]) {
      const forgotten = i === 3;
      expect(stored(read[i])).to.deep.equal({ ...written[i], content: forgotten ? '' : `text ${i}`, edit: { content: forgotten ? '' : `older ${i}` }, full_name: i === 4 ? 'Deleted User 4' : `Name ${i}` });
    }
    expect(JSON.stringify(read[7])).not.to.contain(SEALED);
    expect(Object.keys((read[7] as { edit: object }).edit)).to.deep.equal(['content']);
    expect({ ...read[7] }).not.to.have.property(SEALED);
    expect(unsealData(read[8], 'event-8', ring)).to.equal(read[8]);
    expect((read[8] as { content: string }).content).to.equal('text 8');
    expect(forgottenPaths(read[3])).to.deep.equal(['content', 'edit.content']);
  });
});
