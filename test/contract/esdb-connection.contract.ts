import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { WrongExpectedRevision } from '@chat/eventstore';
import type { EsdbEventStore } from '@chat/eventstore/esdb';
import { collect, rejection } from './event-store.contract.js';

const metadata = { actor_id: 1, occurred_at: 0, request_id: 'r', client: 'c', schema_version: 1, causation_id: null, correlation_id: 'r' };
const claim = (owner_id: number) => ({ id: randomUUID(), event: { type: 'KeyClaimed' as const, data: { kind: 'email', owner_id } }, metadata });

/**
 * What a connection string may change in the client: never whether a conflict is reported.
 * `openLenient` connects with throwOnAppendFailure=false.
 */
export function esdbConnectionContract(name: string, openLenient: () => EsdbEventStore): void {
  describe(`EsdbEventStore, connection string options: ${name}`, function () {
    it('refuses a wrong expected revision even when the connection string says throwOnAppendFailure=false', async function () {
      const store = openLenient();
      const stream = `contract-lenient-${randomUUID()}`;
      try {
        await store.append(stream, [claim(1)], 'no_stream');
        expect(await rejection(store.append(stream, [claim(2)], 'no_stream'))).to.be.instanceOf(WrongExpectedRevision);
        expect(await rejection(store.append(stream, [claim(3)], 7))).to.include({ actual: 0 });
        expect((await collect(store.readStream(stream))).map((event) => event.revision)).to.deep.equal([0]);
      } finally {
        await store.close();
      }
    });
  });
}
