import { expect } from 'chai';
import { type MessageBody, MessageBodies } from '../../../packages/readstore/src/memory/messages/message-bodies.js';

const say = (text: string): MessageBody => ({ content: text, rendered_content: `<p>${text}</p>` });

/** A log of bodies by position, counting its reads. */
function aLog(entries: [position: number, id: number, text: string][]) {
  const log = new Map(entries.map(([position, id, text]) => [`${position}:${id}`, say(text)]));
  const reads: number[] = [];
  return {
    log,
    reads,
    source: {
      read: async (wanted: readonly { position: number; messageId: number }[]) =>
        wanted.map(({ position, messageId }) => {
          reads.push(position);
          return log.get(`${position}:${messageId}`);
        }),
    },
  };
}

describe('MessageBodies (memory message store)', function () {
  it('keeps bodies on the heap without a source', async function () {
    const bodies = new MessageBodies();
    bodies.inserted(1, say('a'), 7);
    await bodies.replaced(1, say('b'), 8);
    expect(await bodies.get(1)).to.deep.equal(say('b'));
    expect(bodies.positions.length).to.equal(0);
  });

  it('keeps only the position and reads the body from the log, then from its cache', async function () {
    const { source, reads } = aLog([[7, 1, 'a']]);
    const bodies = new MessageBodies(source);
    bodies.inserted(1, say('a'), 7);
    expect(bodies.heap.size).to.equal(0);
    expect(await bodies.get(1)).to.deep.equal(say('a'));
    expect(await bodies.get(1)).to.deep.equal(say('a'));
    expect(reads).to.deep.equal([7]);
  });

  it('moves to the position of an edit that carries the new body, and keeps one no event carries on the heap', async function () {
    const { source } = aLog([
      [7, 1, 'a'],
      [9, 1, 'b'],
      [8, 2, 'x'],
    ]);
    const bodies = new MessageBodies(source);
    bodies.inserted(1, say('a'), 7);
    bodies.inserted(2, say('x'), 8);
    await bodies.replaced(1, say('b'), 9);
    await bodies.replaced(2, say('y'), 10);
    expect(bodies.positions[1]).to.equal(9);
    expect([...bodies.heap]).to.deep.equal([[2, say('y')]]);
    const restored = new MessageBodies(source);
    restored.restore(bodies.positions.slice(), bodies.heap);
    expect(await restored.get(1)).to.deep.equal(say('b'));
    expect(await restored.get(2)).to.deep.equal(say('y'));
  });

  it('keeps positions in 4 bytes while they fit in 31 bits, and widens to 8 bytes, keeping each, beyond', async function () {
    const far = 2 ** 33 + 5; // an EventStoreDB byte offset past 8 GB
    const { source } = aLog([
      [7, 1, 'a'],
      [far, 2, 'b'],
    ]);
    const bodies = new MessageBodies(source);
    bodies.inserted(1, say('a'), 7);
    expect(bodies.positions).to.be.instanceOf(Int32Array);
    bodies.inserted(2, say('b'), far);
    expect(bodies.positions).to.be.instanceOf(Float64Array);
    expect([bodies.positions[1], bodies.positions[2]]).to.deep.equal([7, far]);
    const restored = new MessageBodies(source);
    restored.restore(bodies.positions.slice(), bodies.heap);
    expect(await restored.get(1)).to.deep.equal(say('a'));
    expect(await restored.get(2)).to.deep.equal(say('b'));
  });

  it('keeps the position when a change leaves the body as it was (a reaction, a move)', async function () {
    const { source } = aLog([[7, 1, 'a']]);
    const bodies = new MessageBodies(source);
    bodies.inserted(1, say('a'), 7);
    await bodies.replaced(1, say('a'), 12);
    expect(bodies.positions[1]).to.equal(7);
  });

  it('caches at most its size, the least recently used leaving first', async function () {
    const { source, reads } = aLog([
      [1, 1, 'a'],
      [2, 2, 'b'],
      [3, 3, 'c'],
    ]);
    const bodies = new MessageBodies(source, 2);
    for (const id of [1, 2, 3]) bodies.inserted(id, say('?'), id);
    await bodies.get(1);
    await bodies.get(2);
    await bodies.get(1);
    await bodies.get(3);
    reads.length = 0;
    await bodies.get(1);
    await bodies.get(2);
    expect(reads).to.deep.equal([2]);
  });

  it('fails loudly when the log does not carry a body it should', async function () {
    const bodies = new MessageBodies(aLog([]).source);
    bodies.inserted(1, say('a'), 7);
    let failed: unknown;
    await bodies.get(1).catch((error: unknown) => (failed = error));
    expect(String(failed)).to.contain('no body at log position 7');
  });
});
