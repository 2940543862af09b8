import { decideCreateSavedSnippet, decideDeleteSavedSnippet, decideEditSavedSnippet, foldSavedSnippet, SAVED_SNIPPET_EVENT_TYPES, streams } from '@chat/core';
import type { SavedSnippetRow } from '@chat/projections';
import type { Origin } from '../commands/command-bus.js';
import { streamHistory } from '../commands/stream-history.js';
import type { Allocates, Commands, LogReads, Reads } from '../dependencies.js';

/** What changeSavedSnippet uses. */
type ChangeSavedSnippetDeps = Commands & LogReads;

/** POST /saved_snippets: answers the new snippet's id. */
export async function createSavedSnippet(ctx: Commands & Allocates, origin: Origin, userId: number, title: string, content: string): Promise<number> {
  decideCreateSavedSnippet({ saved_snippet_id: 0, user_id: userId, title, content });
  const saved_snippet_id = await ctx.ids.next('saved_snippet');
  const events = decideCreateSavedSnippet({ saved_snippet_id, user_id: userId, title, content });
  await ctx.bus.run(origin, async () => ({ appends: [{ stream: streams.savedSnippet(saved_snippet_id), expected: 'no_stream', events }], result: undefined }));
  return saved_snippet_id;
}

/** PATCH /saved_snippets/{id} and DELETE: decided from the snippet's own stream. */
export async function changeSavedSnippet(ctx: ChangeSavedSnippetDeps, origin: Origin, userId: number, id: number, change: { title?: string; content?: string } | 'delete'): Promise<void> {
  const stream = streams.savedSnippet(id);
  await ctx.bus.run(origin, async () => {
    const { events, expected } = await streamHistory(ctx.store, stream, SAVED_SNIPPET_EVENT_TYPES);
    const state = foldSavedSnippet(events);
    const decided = change === 'delete' ? decideDeleteSavedSnippet(state, userId) : decideEditSavedSnippet(state, { user_id: userId, ...change });
    return { appends: [{ stream, expected, events: decided }], result: undefined };
  });
}

/** The user's snippets, oldest first. */
export async function userSavedSnippets(ctx: Reads<'savedSnippets'>, userId: number): Promise<SavedSnippetRow[]> {
  const rows = await ctx.models.savedSnippets.findMany('user_id', userId);
  return rows.sort((a, b) => a.saved_snippet_id - b.saved_snippet_id);
}
