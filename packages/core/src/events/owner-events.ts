/**
 * The organization's active owners changed (someone became or stopped being an owner). Appended to
 * the `realm-owners` guard stream by every decision that can take an owner away, expecting the stream
 * as that decision read it: two such decisions taken at once, in any processes, cannot both land.
 */
export interface OwnersChanged {
  type: 'OwnersChanged';
  data: { owner_ids: number[] };
}

export type OwnerEvent = OwnersChanged;

declare module './index.js' {
  interface DomainEventKinds {
    OwnerEvent: OwnerEvent;
  }
}
