import type { StoredEvent } from '@chat/core';

/**
 * Reads one stored version of an event type as the next: `upcast` turns data written as
 * `type.v{fromVersion}` into data of `type.v{fromVersion + 1}`. Pure: it sees only the old data,
 * so an evolution whose new facts cannot be computed from it needs a nullable field instead.
 */
export interface Upcaster {
  type: string;
  fromVersion: number;
  upcast(data: unknown): unknown;
}

/** Types an upcaster by the shapes it converts; the stored data is trusted to be its version's. */
export function defineUpcaster<From, To>(type: string, fromVersion: number, upcast: (data: From) => To): Upcaster {
  return { type, fromVersion, upcast: (data) => upcast(data as From) };
}

const key = (type: string, version: number): string => `${type}.v${version}`;

/** Every upcaster by the version it reads; applies them in a chain up to the current version. */
export class Upcasters {
  private readonly byVersion = new Map<string, Upcaster>();

  constructor(upcasters: readonly Upcaster[]) {
    for (const upcaster of upcasters) {
      const at = key(upcaster.type, upcaster.fromVersion);
      if (this.byVersion.has(at)) throw new Error(`Two upcasters read ${at}`);
      this.byVersion.set(at, upcaster);
    }
  }

  /** The version `type.v{version}` is read as once every upcaster in its chain has run. */
  currentVersion(type: string, version = 1): number {
    let current = version;
    while (this.byVersion.has(key(type, current))) current += 1;
    return current;
  }

  /** The event as its type's current version; the same object when it is already current. */
  upcast(event: StoredEvent): StoredEvent {
    let version = event.metadata.schema_version;
    let upcaster = this.byVersion.get(key(event.type, version));
    if (!upcaster) return event;
    let data: unknown = event.data;
    while (upcaster) {
      data = upcaster.upcast(data);
      version += 1;
      upcaster = this.byVersion.get(key(event.type, version));
    }
    return { ...event, data, metadata: { ...event.metadata, schema_version: version } } as StoredEvent;
  }

  /** A batch with every event current; the same array when none needed upcasting. */
  upcastAll(events: readonly StoredEvent[]): readonly StoredEvent[] {
    let changed: StoredEvent[] | null = null;
    for (let i = 0; i < events.length; i += 1) {
      const current = this.upcast(events[i]);
      if (current !== events[i]) {
        changed ??= events.slice();
        changed[i] = current;
      }
    }
    return changed ?? events;
  }
}
