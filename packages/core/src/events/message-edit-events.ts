import type { ContentFlags } from './message-events.js';

/** A message's content as an edit changed it: before and after, and the flags it now gives its holders. */
export interface ContentEdit {
  content: string;
  rendered_content: string;
  prev_content: string;
  prev_rendered_content: string;
  is_me_message: boolean;
  /** The content-derived flags of every user holding the message, recomputed from the new content. */
  flags: ContentFlags;
}

/** The sender changed a message's content (the editor and the time are the event's metadata). */
export interface MessageContentEdited {
  type: 'MessageContentEdited';
  data: { message_id: number } & ContentEdit;
}

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

/** A place in a channel: the channel and the topic. */
export interface TopicPlace {
  channel_id: number;
  topic: string;
}

/**
 * Messages moved to another topic and/or channel, all at once: one event for the whole move, on the
 * stream of the message the request named. On a channel move, users not subscribed to the new channel
 * lose their rows of the moved messages (`rows_removed`; those of them who cannot read the new channel
 * at all are `lost_access`), and subscribers of a new channel with protected history gain read rows
 * (`rows_added`). A content edit made in the same request rides along (`content_edit`), so the message's
 * history records one edit with both.
 */
export interface MessagesMoved {
  type: 'MessagesMoved';
  data: {
    message_id: number;
    /** Every moved message, ascending; includes message_id. */
    message_ids: number[];
    from: TopicPlace;
    to: TopicPlace;
    propagate_mode: PropagateMode;
    rows_removed: number[];
    lost_access: number[];
    rows_added: number[];
    content_edit?: ContentEdit;
  };
}

export type MessageEditEvent = MessageContentEdited | MessagesMoved;

declare module './index.js' {
  interface DomainEventKinds {
    MessageEditEvent: MessageEditEvent;
  }
}
