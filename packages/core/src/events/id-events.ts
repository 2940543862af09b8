/**
 * A process reserved a block of integer ids of one kind for itself. Only used when several processes
 * share the log; ids of a block that its process never handed out are skipped, never reused.
 */
export interface IdBlockReserved {
  type: 'IdBlockReserved';
  data: { kind: string; first: number; last: number };
}

export type IdEvent = IdBlockReserved;

declare module './index.js' {
  interface DomainEventKinds {
    IdEvent: IdEvent;
  }
}
