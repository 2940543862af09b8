import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { EventMetadata } from '@chat/core';
import { type EventStore, type EventToAppend, WrongExpectedRevision } from '@chat/eventstore';
import { collect, rejection } from './event-store.contract.js';

const METADATA: EventMetadata = {
  actor_id: 1,
  occurred_at: 1_700_000_000_000,
  request_id: 'contract-streams',
  client: 'contract-test',
  schema_version: 1,
  causation_id: null,
  correlation_id: 'contract-streams',
};

const claim = (owner_id: number): EventToAppend => ({ id: randomUUID(), event: { type: 'KeyClaimed', data: { kind: 'email', owner_id } }, metadata: METADATA });

/**
 * What every adapter promises of appendStreams, the append of one command to several streams.
 * `atomic`: the adapter commits the streams in one transaction (SQLite), so two commands racing on
 * the same streams cannot both land part of their events; EventStoreDB cannot promise that.
 */
export function multiStreamContract(name: string, open: () => Promise<EventStore>, options: { atomic: boolean }): void {
  describe(`EventStore contract, several streams at once: ${name}`, function () {
    let store: EventStore;
    let a: string;
    let b: string;

    beforeEach(async function () {
      store = await open();
      a = `contract-a-${randomUUID()}`;
      b = `contract-b-${randomUUID()}`;
    });
    afterEach(() => store.close());

    it('stores every stream of the command and answers the last position', async function () {
      const result = await store.appendStreams([
        { stream: a, expected: 'no_stream', events: [claim(1), claim(2)] },
        { stream: b, expected: 'no_stream', events: [claim(3)] },
      ]);
      const [inA, inB] = [await collect(store.readStream(a)), await collect(store.readStream(b))];
      expect(inA.map((event) => event.revision)).to.deep.equal([0, 1]);
      expect(inB.map((event) => event.revision)).to.deep.equal([0]);
      expect(result.position).to.equal(Math.max(inA[1].position, inB[0].position));
    });

    it('refuses the whole command when any stream is not as expected, before anything is stored', async function () {
      await store.append(b, [claim(9)], 'no_stream');
      const error = await rejection(store.appendStreams([
        { stream: a, expected: 'no_stream', events: [claim(1)] },
        { stream: b, expected: 'no_stream', events: [claim(2)] },
      ]));
      expect(error).to.be.instanceOf(WrongExpectedRevision);
      expect((error as WrongExpectedRevision).stream).to.equal(b);
      expect(await collect(store.readStream(a))).to.deep.equal([]);
      expect(await store.streamRevision(b)).to.equal(0);
    });

    it('checks a stream given without events and stores nothing in it', async function () {
      await store.append(b, [claim(9)], 'no_stream');
      await store.appendStreams([{ stream: a, expected: 'no_stream', events: [claim(1)] }, { stream: b, expected: 0, events: [] }]);
      expect(await store.streamRevision(a)).to.equal(0);
      expect(await store.streamRevision(b)).to.equal(0);
      const error = await rejection(store.appendStreams([{ stream: a, expected: 0, events: [claim(2)] }, { stream: b, expected: 'no_stream', events: [] }]));
      expect(error).to.be.instanceOf(WrongExpectedRevision);
      expect(await store.streamRevision(a)).to.equal(0);
    });

    it("takes 'unchanged since a position': met by a stream last written at or before it, refused after it", async function () {
      const seen = (await store.append(a, [claim(1)], 'no_stream')).position;
      await store.appendStreams([{ stream: a, expected: { unchangedSince: seen }, events: [claim(2)] }]);
      expect(await store.streamRevision(a)).to.equal(1);
      await store.appendStreams([{ stream: b, expected: { unchangedSince: seen }, events: [claim(3)] }]);
      expect(await store.streamRevision(b)).to.equal(0);
      const error = await rejection(store.appendStreams([{ stream: a, expected: { unchangedSince: seen }, events: [claim(4)] }]));
      expect(error).to.be.instanceOf(WrongExpectedRevision);
      expect(await store.streamRevision(a)).to.equal(1);
    });

    (options.atomic ? it : it.skip)('lets exactly one of two commands that expect the same stream state win, whole', async function () {
      const outcomes = await Promise.allSettled([
        store.appendStreams([{ stream: a, expected: 'no_stream', events: [claim(1)] }, { stream: b, expected: 'no_stream', events: [claim(1)] }]),
        store.appendStreams([{ stream: b, expected: 'no_stream', events: [claim(2)] }, { stream: a, expected: 'no_stream', events: [claim(2)] }]),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
      const owners = [...(await collect(store.readStream(a))), ...(await collect(store.readStream(b)))].map((event) =>
        event.type === 'KeyClaimed' ? event.data.owner_id : 0,
      );
      expect(owners).to.have.length(2);
      expect(new Set(owners).size).to.equal(1);
    });
  });
}
