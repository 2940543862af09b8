import type { MessageState } from '@chat/core';

/** A message a `MessageSent` brought, as the messages projection stored it. */
export interface SentMessage {
  message: MessageState;
  /** Who holds it, in the event's order (ascending). */
  receivers: readonly number[];
  /** Each receiver's flag bits (FlagBit), by index in `receivers`. */
  flags: Uint8Array;
  /** The conversation's id the message store holds it under (`recipient_id`); null if it was removed already (a replay). */
  conversation: Promise<number | null>;
}

/**
 * What a projection worked out from one event, handed to the readers after it (the client-events
 * fan-out) so that they neither read back what it just wrote nor work it out again. One per event,
 * made by the dispatch; a reader that finds a fact missing (it runs without the projection that
 * makes it, as a process whose read models another keeps) works it out from the event itself.
 */
export interface EventFacts {
  /** MessageSent: the stored message and each receiver's flags (messages projection). */
  sent?: SentMessage;
  /** MessageSent: false when the message can link no upload (its sender owns none), so no attachment changed (attachments projection). */
  mayLinkUploads?: boolean;
}
