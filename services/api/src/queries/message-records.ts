import { flagNames, HISTORY_ONLY_BITS } from '@chat/core';
import { JsonText, TimeSlicer } from '@chat/http';
import { messageLookups } from '@chat/projections';
import { type MessageLookups, type MessageShape, messageRecord, shapeMessage } from '@chat/wire';
import { realmHost } from '../realm-host.js';
import type { ViewedMessage } from './message-access.js';
import { SearchHighlighter } from './search-highlight.js';
import type { Configured, Uses } from '../dependencies.js';

/** What messageRecords uses. */
type MessageRecordsDeps = Configured & Uses<'models'>;

/** How a client asked for message records (see MessageShape), read from the request's parameters. */
/** The parameters that choose how messages are shown. */
export interface MessageShapeParams {
  apply_markdown?: boolean;
  client_gravatar?: boolean;
  allow_empty_topic_name?: boolean;
}

export function messageShapeOf(params: MessageShapeParams): MessageShape {
  return {
    applyMarkdown: params.apply_markdown !== false,
    clientGravatar: params.client_gravatar !== false,
    emptyTopicName: params.allow_empty_topic_name === true,
  };
}

/** The viewer's flag names for a message: theirs, or `read` + `historical` outside their history. */
export const viewedFlags = (viewed: ViewedMessage): string[] => flagNames(viewed.flags ?? HISTORY_ONLY_BITS);

/** What a search narrow adds to a record: the HTML content and the escaped topic with the words highlighted. */
export function searchMatch(viewed: ViewedMessage, highlighter: SearchHighlighter): { match_content: string; match_subject: string } {
  const { message } = viewed;
  const topic = message.recipient.type === 'channel' ? message.recipient.topic : '';
  return { match_content: highlighter.html(message.rendered_content), match_subject: highlighter.topic(topic) };
}

/** Builds the records of one request: its shape, its search highlights, one message at a time. */
class RecordBuilder {
  private readonly highlighter: SearchHighlighter | null;

  constructor(
    private readonly ctx: MessageRecordsDeps,
    private readonly shape: MessageShape,
    search: readonly string[],
  ) {
    this.highlighter = search.length > 0 ? new SearchHighlighter(search) : null;
  }

  /** The lookups a batch of messages needs (their senders, channels, topic links). */
  lookups(viewed: readonly ViewedMessage[]): Promise<MessageLookups> {
    return messageLookups(this.ctx.models, viewed.map((each) => each.message), realmHost(this.ctx));
  }

  /**
   * JSON.stringify(record(each, lookups)), without adding the viewer's fields to the shaped record:
   * they are serialized on their own (viewerFields, as record() adds them) and written after its fields.
   * Growing the shaped copy (flags, then the two highlights) kept every search's highlighted strings
   * alive across young-generation collections: with it each scavenge during public searches promoted
   * ~1.6 MB and paused the server 10–40 ms on the shared machine; without it ~0.27 MB and 2–5 ms.
   */
  recordJson(each: ViewedMessage, lookups: MessageLookups): string {
    const shaped = JSON.stringify(shapeMessage(messageRecord(each.message, lookups), this.shape));
    return `${shaped.slice(0, -1)},${JSON.stringify(this.viewerFields(each)).slice(1)}`;
  }

  /** What only this viewer sees of a message: its flags, then the search highlights when searching. */
  private viewerFields(each: ViewedMessage): Record<string, unknown> {
    return this.highlighter ? { flags: viewedFlags(each), ...searchMatch(each, this.highlighter) } : { flags: viewedFlags(each) };
  }

  record(each: ViewedMessage, lookups: MessageLookups): Record<string, unknown> {
    // shapeMessage answers a copy of its own, so the viewer's fields go straight onto it.
    return Object.assign(shapeMessage(messageRecord(each.message, lookups), this.shape), this.viewerFields(each));
  }
}

/**
 * Message records as one viewer receives them, in the order given: shaped as asked, with their
 * flags, and with the search highlights when `search` holds words.
 */
export async function messageRecords(ctx: MessageRecordsDeps, viewed: readonly ViewedMessage[], shape: MessageShape, search: readonly string[] = []): Promise<Record<string, unknown>[]> {
  const builder = new RecordBuilder(ctx, shape, search);
  const lookups = await builder.lookups(viewed);
  const slicer = new TimeSlicer();
  const records: Record<string, unknown>[] = [];
  for (const each of viewed) {
    records.push(builder.record(each, lookups));
    await slicer.pause();
  }
  return records;
}

/**
 * The JSON of a long list of records is kept in pieces of about this many characters. A full piece is
 * encoded to UTF-8 bytes in the slice that filled it, so the answer's writer sends it as it is: never
 * joined into one string with the rest, measured and encoded again in one stretch of the loop (for a
 * 100-result search that stretch was the longest of the request).
 */
const PIECE_CHARS = 64 * 1024;

/**
 * The JSON array of the records of messages that arrive in batches (a long window, read a batch at a
 * time), as messageRecords would give them serialized. Each batch's records are serialized as they
 * are built and dropped, so a 5,000-message answer never holds thousands of records and their
 * messages at once: the young generation's collections, which copy every live object, stay short
 * (with the whole list alive they paused the server 5–18 ms each, several times per such answer).
 * Full pieces are bytes, the last one text: an answer shorter than a piece is one string, as before.
 */
export async function messageRecordsJson(ctx: MessageRecordsDeps, batches: AsyncIterable<readonly ViewedMessage[]>, shape: MessageShape, search: readonly string[] = []): Promise<JsonText> {
  const builder = new RecordBuilder(ctx, shape, search);
  const slicer = new TimeSlicer();
  const pieces: (string | Uint8Array)[] = [];
  let piece = '[';
  let first = true;
  for await (const batch of batches) {
    const lookups = await builder.lookups(batch);
    for (const each of batch) {
      piece += `${first ? '' : ','}${builder.recordJson(each, lookups)}`;
      first = false;
      if (piece.length >= PIECE_CHARS) {
        pieces.push(Buffer.from(piece));
        piece = '';
      }
      await slicer.pause();
    }
  }
  pieces.push(`${piece}]`);
  return new JsonText(pieces);
}
