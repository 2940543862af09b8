/** A draft as the user's clients keep it in sync: where it is addressed and what it says. */
export interface DraftContent {
  /** Unaddressed (''), a channel message, or a direct message. */
  type: '' | 'stream' | 'private';
  /** The channel's id (one), the recipients' ids, or none. */
  to: number[];
  topic: string;
  content: string;
  /** When the user last edited it, in UNIX seconds (their client's word, or the server's clock). */
  timestamp: number;
}

/** A user saved a new draft (POST /drafts saves several, one event each). */
export interface DraftCreated {
  type: 'DraftCreated';
  data: DraftContent & { draft_id: number; user_id: number };
}

/** A user replaced a draft's content. */
export interface DraftEdited {
  type: 'DraftEdited';
  data: DraftContent & { draft_id: number; user_id: number };
}

/**
 * A draft is gone: deleted by its user (`discarded: false`), or dropped from the server when they
 * turned draft synchronization off (`discarded: true`; their clients keep their own copies, so they
 * are not told).
 */
export interface DraftDeleted {
  type: 'DraftDeleted';
  data: { draft_id: number; user_id: number; discarded: boolean };
}

export type DraftEvent = DraftCreated | DraftEdited | DraftDeleted;

declare module './index.js' {
  interface DomainEventKinds {
    DraftEvent: DraftEvent;
  }
}
