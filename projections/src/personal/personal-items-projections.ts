import type { StoredEvent } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

export const navigationViewKey = (userId: number, fragment: string): string => `${userId}:${fragment}`;

const seconds = (event: StoredEvent): number => Math.floor(event.metadata.occurred_at / 1000);

/** Drafts kept in sync between a user's clients. */
export const draftsProjection = (models: ReadModels): Projection =>
  projectionOf('drafts', ['DraftCreated', 'DraftEdited', 'DraftDeleted'], async (event) => {
    if (event.type === 'DraftDeleted') return models.drafts.delete(event.data.draft_id, event.position);
    return models.drafts.put(event.data.draft_id, { ...event.data }, event.position);
  });

/** Saved snippets, with the time each was created. */
export const savedSnippetsProjection = (models: ReadModels): Projection =>
  projectionOf('saved-snippets', ['SavedSnippetCreated', 'SavedSnippetEdited', 'SavedSnippetDeleted'], async (event) => {
    const id = event.data.saved_snippet_id;
    if (event.type === 'SavedSnippetDeleted') return models.savedSnippets.delete(id, event.position);
    const date_created = event.type === 'SavedSnippetCreated' ? seconds(event) : ((await models.savedSnippets.get(id))?.date_created ?? seconds(event));
    return models.savedSnippets.put(id, { ...event.data, date_created }, event.position);
  });

/** Navigation views, one document per user and fragment. */
export const navigationViewsProjection = (models: ReadModels): Projection =>
  projectionOf('navigation-views', ['NavigationViewAdded', 'NavigationViewUpdated', 'NavigationViewRemoved'], async (event) => {
    const key = navigationViewKey(event.data.user_id, event.data.fragment);
    if (event.type === 'NavigationViewRemoved') return models.navigationViews.delete(key, event.position);
    if (event.type === 'NavigationViewAdded') return models.navigationViews.put(key, { ...event.data }, event.position);
    const view = await models.navigationViews.get(key);
    if (view) await models.navigationViews.put(key, { ...view, ...event.data.changes }, event.position);
  });
