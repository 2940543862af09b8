import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { isSmallAnswer, JsonText, sendJsonInSlices, serializeBody, serializeBodyInSlices, TimeSlicer } from '@chat/http';

/** A slicer whose every slice is used up at once: the serializer yields after every member. */
const everyMember = (): TimeSlicer => new TimeSlicer(0);

const bodies: Record<string, unknown> = {
  'a small envelope': { result: 'success', msg: '', list: [1, { a: null }], gone: undefined },
  'a top-level array': [1, 'two', null, { three: 3 }],
  'holes, functions and undefined in arrays and objects': { list: [undefined, () => 1, Symbol('s'), 4], f: () => 1, s: Symbol('t'), u: undefined, n: null },
  'dates, class instances, maps and nested toJSON': { at: new Date(0), map: new Map([[1, 2]]), set: new Set([1]), custom: { toJSON: () => 'custom' } },
  'a long list of messages': { messages: Array.from({ length: 500 }, (_, id) => ({ id, content: `<p>message ${id} “quoted” \u2028</p>`, flags: ['read'], reactions: [] })), found_anchor: true },
  'a wide object and deep nesting': { unread: { streams: Array.from({ length: 200 }, (_, i) => ({ stream_id: i, unread_message_ids: Array.from({ length: 100 }, (_, j) => j) })) }, wide: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, { v: i }])) },
  'pre-serialized fields at the top level only': { result: 'success', users: new JsonText('[{"id":1}]'), nested: { inner: new JsonText('"kept as an object"') }, skipped: undefined },
  'escapes in names': { 'odd"name\n': 2, '': 'empty name' },
};

describe('serializeBodyInSlices', function () {
  for (const [name, body] of Object.entries(bodies)) {
    it(`gives exactly serializeBody's text for ${name}, also when yielding after every member`, async function () {
      const expected = serializeBody(body);
      expect((await serializeBodyInSlices(body)).join('')).to.equal(expected);
      const slicer = everyMember();
      const chunks = await serializeBodyInSlices(body, slicer);
      expect(chunks.join('')).to.equal(expected);
      expect(chunks.every((chunk) => chunk.length > 0)).to.equal(true);
    });
  }

  it('lets other work run between the slices of a large body', async function () {
    const slicer = everyMember();
    let ranBetween = false;
    setImmediate(() => (ranBetween = true));
    const chunks = await serializeBodyInSlices(bodies['a long list of messages'], slicer);
    expect(ranBetween).to.equal(true);
    expect(slicer.yields).to.be.greaterThan(100);
    expect(chunks.length).to.be.greaterThan(100);
  });
});

describe('isSmallAnswer', function () {
  it('takes the usual envelopes as small', function () {
    expect(isSmallAnswer(bodies['a small envelope'])).to.equal(true);
    expect(isSmallAnswer({ result: 'success', msg: '', id: 42, automatic_new_visibility_policy: 3 })).to.equal(true);
  });

  it('sends long lists, long texts and huge arrays to the sliced writer', function () {
    expect(isSmallAnswer(bodies['a long list of messages'])).to.equal(false);
    expect(isSmallAnswer({ content: 'x'.repeat(300 * 1024) })).to.equal(false);
    expect(isSmallAnswer({ users: new JsonText(`[${'1,'.repeat(200_000)}1]`) })).to.equal(false);
    expect(isSmallAnswer({ ids: new Array<number>(1_000_000).fill(1) })).to.equal(false);
  });

  it('counts a list of numbers by its text: 10,000 ids marked read are one answer, 20,000 ids are sliced', function () {
    const ids = Array.from({ length: 10_000 }, (_, at) => 1_000_000 + at);
    expect(isSmallAnswer({ result: 'success', msg: '', messages: ids })).to.equal(true);
    expect(isSmallAnswer({ result: 'success', msg: '', messages: [...ids, ...ids] })).to.equal(false);
    expect(isSmallAnswer({ result: 'success', msg: '', mixed: [...ids.slice(0, 2_500).map(String)] })).to.equal(false);
  });

  it('sends an answer holding bytes to the sliced writer, however short: one JSON.stringify would decode and join them', function () {
    expect(isSmallAnswer({ result: 'success', messages: new JsonText([Buffer.from('[1,'), '2]']) })).to.equal(false);
    expect(isSmallAnswer({ result: 'success', messages: new JsonText(['[1,', '2]']) })).to.equal(true);
  });
});

describe('sendJsonInSlices', function () {
  it("writes serializeBody's bytes with their Content-Length, and lets other work run between the chunks it writes", async function () {
    const pieces = Array.from({ length: 4 }, (_, i) => Buffer.from(`${i === 0 ? '[' : ','}"${'é“'.repeat(20_000)}${i}"${i === 3 ? ']' : ''}`));
    const body = { result: 'success', msg: '', messages: new JsonText(pieces), found_newest: true };
    const slicer = everyMember();
    let writes = 0;
    let turnsBetweenWrites = 0;
    const server = createServer((_req, res) => {
      const write = res.write.bind(res);
      res.write = ((...args: Parameters<typeof res.write>) => {
        writes++;
        setImmediate(() => (turnsBetweenWrites += writes > 0 && !res.writableEnded ? 1 : 0));
        return write(...args);
      }) as typeof res.write;
      void sendJsonInSlices(res, 200, body, {}, slicer);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(bytes.toString('utf8')).to.equal(serializeBody(body));
      expect(Number(answer.headers.get('content-length'))).to.equal(bytes.byteLength);
      expect(writes).to.be.at.least(pieces.length);
      // Each write after the first waited for a turn of the loop, in which the callback queued by the write before it ran.
      expect(turnsBetweenWrites).to.be.at.least(pieces.length);
      expect(slicer.yields).to.be.at.least(writes);
    } finally {
      server.close();
    }
  });
});

describe('JsonText in pieces', function () {
  const users = Array.from({ length: 3000 }, (_, id) => JSON.stringify({ user_id: id, full_name: `User ${id}`, email: `user${id}@example.com` }));
  const pieces = [`[${users.slice(0, 1500).join(',')}`, `,${users.slice(1500).join(',')}]`];
  const body = { result: 'success', realm_users: new JsonText(pieces), queue_id: 'q' };

  it('serializes as the joined text, and each large piece is a chunk of its own', async function () {
    const expected = `{"result":"success","realm_users":${pieces.join('')},"queue_id":"q"}`;
    expect(serializeBody(body)).to.equal(expected);
    const chunks = await serializeBodyInSlices(body);
    expect(chunks.join('')).to.equal(expected);
    expect(chunks).to.include(pieces[0]);
    expect(chunks).to.include(pieces[1]);
    expect(new JsonText(pieces).length).to.equal(pieces[0].length + pieces[1].length);
  });

  it('writes pieces kept as bytes as they are, each a chunk of its own', async function () {
    const bytes = Buffer.from(pieces[0]);
    const mixed = { result: 'success', realm_users: new JsonText([bytes, pieces[1]]), queue_id: 'q' };
    const expected = `{"result":"success","realm_users":${pieces.join('')},"queue_id":"q"}`;
    expect(serializeBody(mixed)).to.equal(expected);
    const chunks = await serializeBodyInSlices(mixed);
    expect(chunks).to.include(bytes);
    expect(Buffer.concat(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))).toString('utf8')).to.equal(expected);
    expect(new JsonText([bytes]).length).to.equal(bytes.byteLength);
  });
});
