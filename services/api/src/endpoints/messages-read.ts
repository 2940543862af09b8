import { matchesPredicate, type MessageQuery } from '@chat/readstore';
import { HISTORY_ONLY_BITS } from '@chat/core';
import { type CallOf, type RouteCall, TimeSlicer } from '@chat/http';
import { ChannelQuery } from '../queries/channel-query.js';
import { readableMessage, readableMessages, type ViewedMessage } from '../queries/message-access.js';
import { narrowFor } from '../queries/message-narrow.js';
import { messageRecords, messageRecordsJson, messageShapeOf, searchMatch } from '../queries/message-records.js';
import { type Anchor, checkNoRange, NEWEST_ANCHOR, parseAnchor, windowAround, windowSize } from '../queries/message-window.js';
import { parseNarrow } from '../queries/narrow-clauses.js';
import { type TranslatedNarrow, UNREAD } from '../queries/narrow-translation.js';
import { SearchHighlighter } from '../queries/search-highlight.js';
import { narrowPage } from '../queries/search-window.js';
import { callerUser } from './call-context.js';
import type { Clocked, Configured, Reads, Uses } from '../dependencies.js';

/** What messagesMatchNarrow uses. */
type MessagesMatchNarrowDeps = Clocked & Configured & Reads<'messages' | 'subscriptions' | 'userTopics' | 'users'> & Uses<'organization'>;

async function viewerQuery(ctx: Clocked & Reads<'subscriptions' | 'users'> & Uses<'organization'>, call: RouteCall): Promise<ChannelQuery> {
  return ChannelQuery.open(ctx, await callerUser(ctx, call));
}

/** Whether a message the viewer may read meets every condition of the narrow. */
const meets = (narrow: TranslatedNarrow, viewed: ViewedMessage): boolean =>
  narrow.where.every((predicate) => matchesPredicate(viewed.message, viewed.flags ?? HISTORY_ONLY_BITS, predicate));

/** The anchor id to read around: first_unread is the oldest unread message of the narrow, else the newest end. */
export async function resolveAnchor(ctx: Reads<'messages'> & Uses<'search'>, query: MessageQuery, anchor: Anchor): Promise<number> {
  switch (anchor.kind) {
    case 'id':
      return anchor.id;
    case 'oldest':
      return 0;
    case 'newest':
      return NEWEST_ANCHOR;
    case 'first_unread': {
      const unread: MessageQuery = { ...query, where: [...query.where, UNREAD] };
      const first = await narrowPage({ messages: ctx.models.messages, index: ctx.search }, unread, { anchor: 0, include_anchor: true, num_before: 0, num_after: 1 });
      return first.ids[0] ?? NEWEST_ANCHOR;
    }
  }
}

/** Ids whose messages are read at once: a long window reads its bodies (from the log when not cached) a batch at a time. */
const READ_BATCH = 100;

/** The viewed messages among ids the store returned for the viewer, a batch at a time (rows give flags; the others read from shared history). */
async function* viewedAmong(ctx: Reads<'messages'>, userId: number, ids: readonly number[]): AsyncIterable<ViewedMessage[]> {
  const slicer = new TimeSlicer();
  for (let from = 0; from < ids.length; from += READ_BATCH) {
    const batch = ids.slice(from, from + READ_BATCH);
    const rows = await ctx.models.messages.flagsOf(userId, batch);
    yield (await ctx.models.messages.getMany(batch)).map((message) => ({ message, flags: rows.get(message.id) }));
    await slicer.pause();
  }
}

/** GET /messages: a window of the narrow around an anchor, or the listed messages that match it. */
export async function getMessages(ctx: Clocked & Configured & Uses<'models' | 'organization' | 'search'>, call: CallOf<'messages-get'>): Promise<Record<string, unknown>> {
  const p = call.params;
  const q = await viewerQuery(ctx, call);
  const narrow = await narrowFor(ctx, q, parseNarrow(p.narrow));
  const shape = messageShapeOf(p);
  if (p.message_ids !== undefined) {
    checkNoRange(p);
    const listed = (await readableMessages(ctx, q, p.message_ids)).filter((viewed) => meets(narrow, viewed));
    return { messages: await messageRecords(ctx, listed, shape, narrow.search), history_limited: false };
  }
  const anchor = parseAnchor(p.anchor, p.use_first_unread_anchor === true);
  const size = windowSize(p);
  const query: MessageQuery = { userId: q.viewer.user_id, source: narrow.source, where: narrow.where };
  const anchorId = await resolveAnchor(ctx, query, anchor);
  const page = await narrowPage({ messages: ctx.models.messages, index: ctx.search }, query, windowAround(anchorId, { include_anchor: p.include_anchor !== false, ...size }));
  return {
    messages: await messageRecordsJson(ctx, viewedAmong(ctx, q.viewer.user_id, page.ids), shape, narrow.search),
    anchor: anchorId,
    found_anchor: page.found_anchor,
    found_oldest: page.found_oldest,
    found_newest: page.found_newest,
    history_limited: false,
  };
}

/** GET /messages/{message_id}: one message the viewer may read, with its Markdown source. */
export async function getMessage(ctx: Clocked & Configured & Uses<'models' | 'organization'>, call: CallOf<'message-get'>): Promise<Record<string, unknown>> {
  const q = await viewerQuery(ctx, call);
  const viewed = await readableMessage(ctx, q, call.path.message_id);
  const [message] = await messageRecords(ctx, [viewed], messageShapeOf(call.params));
  return { raw_content: viewed.message.content, message };
}

/** GET /messages/matches_narrow: which of the listed messages match the narrow, with their highlighted content and topic. */
export async function messagesMatchNarrow(ctx: MessagesMatchNarrowDeps, call: CallOf<'messages-matches-narrow'>): Promise<Record<string, unknown>> {
  const q = await viewerQuery(ctx, call);
  const narrow = await narrowFor(ctx, q, parseNarrow(call.params.narrow));
  const messages: Record<string, unknown> = {};
  const highlighter = new SearchHighlighter(narrow.search);
  for (const viewed of await readableMessages(ctx, q, call.params.msg_ids)) {
    if (meets(narrow, viewed)) messages[String(viewed.message.id)] = searchMatch(viewed, highlighter);
  }
  return { messages };
}
