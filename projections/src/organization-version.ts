import type { StoredEvent } from '@chat/core';
import type { Applied, Projection } from './projection.js';

/**
 * Counts the events that may have changed the organization, so a cache of it (users, groups, channels)
 * knows when to read the models again. Message traffic, nearly all of a busy log, leaves it unchanged.
 * `leavesAlone` names the types that never change users, groups, channels, folders or permissions
 * (the features declare them: services/api/src/features); any other type counts, so a type not
 * declared costs a re-read, never a stale answer.
 */
export class OrganizationVersion implements Projection {
  readonly name = 'organization-version';
  readonly handles = 'every';
  value = 0;

  constructor(private readonly leavesAlone: ReadonlySet<string>) {}

  apply(event: StoredEvent): Applied {
    if (!this.leavesAlone.has(event.type)) this.value += 1;
    return undefined;
  }

  /** A projection changed the organization on an event that usually leaves it alone (a channel's first message). */
  bump(): void {
    this.value += 1;
  }
}
