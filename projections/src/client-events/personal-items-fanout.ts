import type { DraftState, NavigationViewState, StoredEventOf } from '@chat/core';
import type { ClientEvent, Delivery } from '@chat/realtime';
import type { SavedSnippetRow } from '../personal/saved-snippet-row.js';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';

/** A draft as the public API shows it. */
export const draftView = (draft: DraftState): Record<string, unknown> => ({
  id: draft.draft_id,
  type: draft.type,
  to: draft.to,
  topic: draft.topic,
  content: draft.content,
  timestamp: draft.timestamp,
});

export const savedSnippetView = (snippet: SavedSnippetRow): Record<string, unknown> => ({
  id: snippet.saved_snippet_id,
  title: snippet.title,
  content: snippet.content,
  date_created: snippet.date_created,
});

export const navigationViewView = (view: NavigationViewState): Record<string, unknown> => ({ fragment: view.fragment, is_pinned: view.is_pinned, name: view.name });

const toOwner = (userId: number, event: ClientEvent): Delivery[] => [{ userIds: [userId], event }];

const HANDLED = [
  'DraftCreated',
  'DraftEdited',
  'DraftDeleted',
  'SavedSnippetCreated',
  'SavedSnippetEdited',
  'SavedSnippetDeleted',
  'NavigationViewAdded',
  'NavigationViewUpdated',
  'NavigationViewRemoved',
] as const;

/**
 * `drafts`, `saved_snippets` and `navigation_view` events, to the user's own clients. Drafts dropped
 * because synchronization was turned off are not announced: the clients keep their own copies.
 */
async function personalItemsDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels): Promise<Delivery[]> {
  switch (event.type) {
    case 'DraftCreated':
      return toOwner(event.data.user_id, { type: 'drafts', op: 'add', drafts: [draftView(event.data)] });
    case 'DraftEdited':
      return toOwner(event.data.user_id, { type: 'drafts', op: 'update', draft: draftView(event.data) });
    case 'DraftDeleted':
      return event.data.discarded ? [] : toOwner(event.data.user_id, { type: 'drafts', op: 'remove', draft_id: event.data.draft_id });
    case 'SavedSnippetCreated':
    case 'SavedSnippetEdited': {
      const snippet = await models.savedSnippets.get(event.data.saved_snippet_id);
      if (!snippet) return [];
      return toOwner(snippet.user_id, { type: 'saved_snippets', op: event.type === 'SavedSnippetCreated' ? 'add' : 'update', saved_snippet: savedSnippetView(snippet) });
    }
    case 'SavedSnippetDeleted':
      return toOwner(event.data.user_id, { type: 'saved_snippets', op: 'remove', saved_snippet_id: event.data.saved_snippet_id });
    case 'NavigationViewAdded':
      return toOwner(event.data.user_id, { type: 'navigation_view', op: 'add', navigation_view: navigationViewView(event.data) });
    case 'NavigationViewUpdated':
      return toOwner(event.data.user_id, { type: 'navigation_view', op: 'update', fragment: event.data.fragment, data: { ...event.data.changes } });
    case 'NavigationViewRemoved':
      return toOwner(event.data.user_id, { type: 'navigation_view', op: 'remove', fragment: event.data.fragment });
    default:
      return [];
  }
}

export const personalItemsFanout = fanoutOf('personal-items', HANDLED, personalItemsDeliveries);
