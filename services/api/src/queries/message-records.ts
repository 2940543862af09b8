import { flagNames, HISTORY_ONLY_BITS } from '@chat/core';
import { TimeSlicer } from '@chat/http';
import { messageLookups } from '@chat/projections';
import { type MessageShape, messageRecord, shapeMessage } from '@chat/wire';
import { realmHost } from '../endpoints/call-context.js';
import type { ViewedMessage } from './message-access.js';
import { highlightHtml, highlightTopic } from './search-highlight.js';
import type { Configured, Uses } from '../dependencies.js';

/** What messageRecords uses. */
type MessageRecordsDeps = Configured & Uses<'models'>;

/** How a client asked for message records (see MessageShape), read from the request's parameters. */
export function messageShapeOf(params: Record<string, unknown>): MessageShape {
  return {
    applyMarkdown: params.apply_markdown !== false,
    clientGravatar: params.client_gravatar !== false,
    emptyTopicName: params.allow_empty_topic_name === true,
  };
}

/** The viewer's flag names for a message: theirs, or `read` + `historical` outside their history. */
export const viewedFlags = (viewed: ViewedMessage): string[] => flagNames(viewed.flags ?? HISTORY_ONLY_BITS);

/** What a search narrow adds to a record: the HTML content and the escaped topic with the words highlighted. */
export function searchMatch(viewed: ViewedMessage, words: readonly string[]): { match_content: string; match_subject: string } {
  const { message } = viewed;
  const topic = message.recipient.type === 'channel' ? message.recipient.topic : '';
  return { match_content: highlightHtml(message.rendered_content, words), match_subject: highlightTopic(topic, words) };
}

/**
 * Message records as one viewer receives them, in the order given: shaped as asked, with their
 * flags, and with the search highlights when `search` holds words.
 */
export async function messageRecords(ctx: MessageRecordsDeps, viewed: readonly ViewedMessage[], shape: MessageShape, search: readonly string[] = []): Promise<Record<string, unknown>[]> {
  const lookups = await messageLookups(ctx.models, viewed.map((each) => each.message), realmHost(ctx));
  // Thousands of records (a 5,000-message window) are built in slices that let other requests run.
  const slicer = new TimeSlicer();
  const records: Record<string, unknown>[] = [];
  for (const each of viewed) {
    records.push({
      ...shapeMessage(messageRecord(each.message, lookups), shape),
      flags: viewedFlags(each),
      ...(search.length > 0 ? searchMatch(each, search) : {}),
    });
    await slicer.pause();
  }
  return records;
}
