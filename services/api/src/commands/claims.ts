import { badRequest, streams } from '@chat/core';
import type { EventStore } from '@chat/eventstore';
import type { StreamAppend } from './command-bus.js';

/** The current holder of a unique key, read from its claim stream. */
export async function readClaim(store: EventStore, kind: string, key: string): Promise<{ stream: string; revision: number | null; holder: number | null }> {
  const stream = streams.claim(kind, key);
  let revision: number | null = null;
  let holder: number | null = null;
  for await (const event of store.readStream(stream)) {
    revision = event.revision;
    if (event.type === 'KeyClaimed') holder = event.data.owner_id;
    if (event.type === 'KeyReleased') holder = null;
  }
  return { stream, revision, holder };
}

/** Reserves a key for an owner; the append's expected revision makes a concurrent claim lose. */
export type ClaimKind = 'email' | 'channel';

export async function claimKey(store: EventStore, kind: ClaimKind, key: string, ownerId: number, taken: string): Promise<StreamAppend> {
  const claim = await readClaim(store, kind, key);
  if (claim.holder !== null && claim.holder !== ownerId) throw badRequest(taken);
  return {
    stream: claim.stream,
    expected: claim.revision === null ? 'no_stream' : claim.revision,
    events: claim.holder === ownerId ? [] : [{ type: 'KeyClaimed', data: { kind, owner_id: ownerId } }],
  };
}

export async function releaseKey(store: EventStore, kind: ClaimKind, key: string, ownerId: number): Promise<StreamAppend> {
  const claim = await readClaim(store, kind, key);
  return {
    stream: claim.stream,
    expected: claim.revision === null ? 'no_stream' : claim.revision,
    events: claim.holder === ownerId ? [{ type: 'KeyReleased', data: { kind, owner_id: ownerId } }] : [],
  };
}
