import { EMPTY_TOPIC_DISPLAY_NAME, type EditHistoryVisibility, type MessageState } from '@chat/core';
import { highlightHtmlDifferences } from './html-diff.js';

/** One state of a message in GET /messages/{id}/history: what it was after an edit (or when sent). */
export interface MessageSnapshotView {
  timestamp: number;
  user_id: number | null;
  topic: string;
  content: string;
  rendered_content: string;
  prev_topic?: string;
  prev_stream?: number;
  stream?: number;
  prev_content?: string;
  prev_rendered_content?: string;
  content_html_diff?: string;
}

const seconds = (ms: number): number => Math.floor(ms / 1000);

/**
 * A message's history, oldest first: the message as sent, then its state after each edit, walked back
 * from the current state through the recorded edits (newest first). With visibility "moves", content
 * edits are left out and every state shows the current content. A channel message's empty topic reads
 * as its display name unless the client allows the empty topic name; a direct message's topic is "".
 */
export function messageHistoryView(message: MessageState, visibility: Exclude<EditHistoryVisibility, 'none'>, allowEmptyTopicName: boolean): MessageSnapshotView[] {
  const inChannel = message.recipient.type === 'channel';
  const shown = (topic: string): string => (topic === '' && inChannel && !allowEmptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : topic);
  let topic = message.recipient.type === 'channel' ? message.recipient.topic : '';
  let content = message.content;
  let rendered = message.rendered_content;
  const snapshots: MessageSnapshotView[] = [];
  for (const edit of message.edit_history) {
    const moved = edit.prev_topic !== undefined || edit.prev_stream !== undefined;
    if (visibility === 'moves' && !moved) continue;
    const snapshot: MessageSnapshotView = { timestamp: seconds(edit.timestamp), user_id: edit.user_id, topic: shown(topic), content, rendered_content: rendered };
    if (edit.prev_topic !== undefined) {
      topic = edit.prev_topic;
      snapshot.prev_topic = shown(topic);
    }
    if (edit.prev_stream !== undefined && edit.stream !== undefined) Object.assign(snapshot, { prev_stream: edit.prev_stream, stream: edit.stream });
    if (visibility === 'all' && edit.prev_content !== undefined && edit.prev_rendered_content !== undefined) {
      snapshot.prev_content = edit.prev_content;
      snapshot.prev_rendered_content = edit.prev_rendered_content;
      snapshot.content_html_diff = highlightHtmlDifferences(edit.prev_rendered_content, rendered);
      content = edit.prev_content;
      rendered = edit.prev_rendered_content;
    }
    snapshots.push(snapshot);
  }
  snapshots.push({ timestamp: seconds(message.date_sent), user_id: message.sender_id, topic: shown(topic), content, rendered_content: rendered });
  return snapshots.reverse();
}
