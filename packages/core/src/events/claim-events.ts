/** A unique key (an email address, a channel name, ...) was reserved for an owner. */
export interface KeyClaimed {
  type: 'KeyClaimed';
  data: { kind: string; owner_id: number };
}

/** A reserved key was given up and may be claimed again. */
export interface KeyReleased {
  type: 'KeyReleased';
  data: { kind: string; owner_id: number };
}

export type ClaimEvent = KeyClaimed | KeyReleased;

declare module './index.js' {
  interface DomainEventKinds {
    ClaimEvent: ClaimEvent;
  }
}
