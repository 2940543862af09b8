import type { StoredEventOf } from '@chat/core';
import { plainText, type SearchIndex, type SearchWrite } from '@chat/readstore';
import { type Applied, type Projection, projectionOf } from '../projection.js';

type SearchEvent = 'MessageSent' | 'MessageContentEdited' | 'MessagesMoved' | 'MessagesDeleted';
const HANDLES: readonly SearchEvent[] = ['MessageSent', 'MessageContentEdited', 'MessagesMoved', 'MessagesDeleted'];

/** Both writes of a move (topic, then the content edit riding along), awaited only if the adapter asks. */
function both(first: SearchWrite, second: () => SearchWrite): Applied {
  if (!first) return second();
  return first.then(() => second());
}

function applyMove(index: SearchIndex, event: StoredEventOf<'MessagesMoved'>): Applied {
  const { data, position } = event;
  const retopic = data.from.topic === data.to.topic ? undefined : index.setTopic(data.message_ids, data.to.topic, position);
  const edit = data.content_edit;
  return both(retopic, () => (edit ? index.setText(data.message_id, plainText(edit.rendered_content), position) : undefined));
}

function apply(index: SearchIndex, event: StoredEventOf<SearchEvent>): Applied {
  switch (event.type) {
    case 'MessageSent': {
      const { message_id, recipient, rendered_content } = event.data;
      const topic = recipient.type === 'channel' ? recipient.topic : '';
      return index.put({ id: message_id, topic, text: plainText(rendered_content) }, event.position);
    }
    case 'MessageContentEdited':
      return index.setText(event.data.message_id, plainText(event.data.rendered_content), event.position);
    case 'MessagesMoved':
      return applyMove(index, event);
    case 'MessagesDeleted':
      return index.remove(event.data.message_ids, event.position);
  }
}

/**
 * Keeps the full-text index: the plain text of each message's rendered content (the words readers
 * see, as the highlighter marks them) and its topic; edits, moves and deletions follow. The index is
 * durable: `restoredPosition` tells the runner where it already stands, so a restart does not rebuild it.
 */
export function searchProjection(index: SearchIndex): Projection {
  return {
    ...projectionOf('search', HANDLES, (event) => apply(index, event), () => index.flush()),
    restoredPosition: () => index.position(),
  };
}
