import { ApiError, badRequest } from '../errors.js';
import type { SavedSnippetCreated, SavedSnippetDeleted, SavedSnippetEdited, SavedSnippetEvent } from '../events/saved-snippet-events.js';

/** A snippet as its stream tells it; undefined once deleted. */
export type SavedSnippetState = SavedSnippetCreated['data'];

export const SAVED_SNIPPET_EVENT_TYPES = ['SavedSnippetCreated', 'SavedSnippetEdited', 'SavedSnippetDeleted'] as const satisfies readonly SavedSnippetEvent['type'][];

export function evolveSavedSnippet(state: SavedSnippetState | undefined, event: SavedSnippetEvent): SavedSnippetState | undefined {
  switch (event.type) {
    case 'SavedSnippetCreated':
      return { ...event.data };
    case 'SavedSnippetEdited':
      return state && { ...event.data };
    case 'SavedSnippetDeleted':
      return undefined;
  }
}

export const foldSavedSnippet = (events: readonly SavedSnippetEvent[]): SavedSnippetState | undefined =>
  events.reduce<SavedSnippetState | undefined>(evolveSavedSnippet, undefined);

/** The longest title a snippet may have, as on the public server. */
export const MAX_SNIPPET_TITLE_LENGTH = 60;

const notFound = (): ApiError => new ApiError('BAD_REQUEST', 404, 'Saved snippet does not exist.');

function checkTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw badRequest('Title cannot be empty.');
  if (trimmed.length > MAX_SNIPPET_TITLE_LENGTH) throw badRequest(`Invalid 'title': at most ${MAX_SNIPPET_TITLE_LENGTH} characters`);
  return trimmed;
}

function checkContent(content: string): string {
  if (content.trim() === '') throw badRequest('Content cannot be empty.');
  return content;
}

/** POST /saved_snippets */
export function decideCreateSavedSnippet(cmd: { saved_snippet_id: number; user_id: number; title: string; content: string }): SavedSnippetCreated[] {
  return [{ type: 'SavedSnippetCreated', data: { saved_snippet_id: cmd.saved_snippet_id, user_id: cmd.user_id, title: checkTitle(cmd.title), content: checkContent(cmd.content) } }];
}

function ownSnippet(state: SavedSnippetState | undefined, userId: number): SavedSnippetState {
  if (!state || state.user_id !== userId) throw notFound();
  return state;
}

/** PATCH /saved_snippets/{id}: a new title, new content, or both. */
export function decideEditSavedSnippet(state: SavedSnippetState | undefined, cmd: { user_id: number; title?: string; content?: string }): SavedSnippetEdited[] {
  const current = ownSnippet(state, cmd.user_id);
  if (cmd.title === undefined && cmd.content === undefined) throw badRequest("Nothing to change: give 'title' or 'content'");
  const title = cmd.title === undefined ? current.title : checkTitle(cmd.title);
  const content = cmd.content === undefined ? current.content : checkContent(cmd.content);
  if (title === current.title && content === current.content) return [];
  return [{ type: 'SavedSnippetEdited', data: { saved_snippet_id: current.saved_snippet_id, user_id: current.user_id, title, content } }];
}

/** DELETE /saved_snippets/{id} */
export function decideDeleteSavedSnippet(state: SavedSnippetState | undefined, userId: number): SavedSnippetDeleted[] {
  const { saved_snippet_id, user_id } = ownSnippet(state, userId);
  return [{ type: 'SavedSnippetDeleted', data: { saved_snippet_id, user_id } }];
}
