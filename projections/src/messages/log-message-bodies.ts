import type { StoredEvent } from '@chat/core';
import type { EventStore } from '@chat/eventstore';
import type { BodySource, MessageBody } from '@chat/readstore';

/** The body of message `messageId` that an event carries: a send's, or a content edit's (alone or with a move). */
export function bodyCarriedBy(event: StoredEvent, messageId: number): MessageBody | undefined {
  switch (event.type) {
    case 'MessageSent':
      return event.data.message_id === messageId ? { content: event.data.content, rendered_content: event.data.rendered_content } : undefined;
    case 'MessageContentEdited':
      return event.data.message_id === messageId ? { content: event.data.content, rendered_content: event.data.rendered_content } : undefined;
    case 'MessagesMoved': {
      const edit = event.data.content_edit;
      return edit && event.data.message_id === messageId ? { content: edit.content, rendered_content: edit.rendered_content } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Message bodies read from the log by the position of the event that carried them (the memory message
 * store keeps only that position; see packages/readstore/src/memory/messages/message-bodies.ts).
 */
export function logMessageBodies(store: Pick<EventStore, 'readAt'>): BodySource {
  return {
    async read(wanted) {
      const events = new Map((await store.readAt(wanted.map((each) => each.position))).map((event) => [event.position, event]));
      return wanted.map(({ position, messageId }) => {
        const event = events.get(position);
        return event && bodyCarriedBy(event, messageId);
      });
    },
  };
}
