import { personalItemsFanout } from '@chat/projections/client-events/personal-items-fanout';
import { draftsProjection, navigationViewsProjection, savedSnippetsProjection } from '@chat/projections/personal/personal-items-projections';
import {
  addNavigationViewEndpoint,
  createDraftsEndpoint,
  createSavedSnippetEndpoint,
  deleteDraftEndpoint,
  deleteSavedSnippetEndpoint,
  editDraftEndpoint,
  editSavedSnippetEndpoint,
  listDraftsEndpoint,
  listNavigationViewsEndpoint,
  listSavedSnippetsEndpoint,
  removeNavigationViewEndpoint,
  updateNavigationViewEndpoint,
} from '../endpoints/personal-items.js';
import { draftsSection, navigationViewsSection, savedSnippetsSection } from '../register/sections/personal-items-sections.js';
import { type Feature, route } from './feature.js';

const alone = (stream: string) => ({ stream, leavesOrganizationAlone: true }) as const;

/** Each user's drafts, saved snippets and navigation views. */
export const personalItemsFeature: Feature = {
  name: 'personal-items',
  events: {
    DraftCreated: alone('draft-<draft_id>'),
    DraftEdited: alone('draft-<draft_id>'),
    DraftDeleted: alone('draft-<draft_id>'),
    SavedSnippetCreated: alone('savedsnippet-<saved_snippet_id>'),
    SavedSnippetEdited: alone('savedsnippet-<saved_snippet_id>'),
    SavedSnippetDeleted: alone('savedsnippet-<saved_snippet_id>'),
    NavigationViewAdded: alone('navigationviews-<user_id>'),
    NavigationViewUpdated: alone('navigationviews-<user_id>'),
    NavigationViewRemoved: alone('navigationviews-<user_id>'),
  },
  projections: [draftsProjection, savedSnippetsProjection, navigationViewsProjection],
  fanouts: [personalItemsFanout],
  routes: [
    route('GET', '/drafts', 'required', 'empty', listDraftsEndpoint),
    route('POST', '/drafts', 'required', 'drafts-create', createDraftsEndpoint),
    route('PATCH', '/drafts/:draft_id', 'required', 'draft-edit', editDraftEndpoint),
    route('DELETE', '/drafts/:draft_id', 'required', 'draft-delete', deleteDraftEndpoint),
    route('GET', '/saved_snippets', 'required', 'empty', listSavedSnippetsEndpoint),
    route('POST', '/saved_snippets', 'required', 'saved-snippet-create', createSavedSnippetEndpoint),
    route('PATCH', '/saved_snippets/:saved_snippet_id', 'required', 'saved-snippet-edit', editSavedSnippetEndpoint),
    route('DELETE', '/saved_snippets/:saved_snippet_id', 'required', 'saved-snippet-delete', deleteSavedSnippetEndpoint),
    route('GET', '/navigation_views', 'required', 'empty', listNavigationViewsEndpoint),
    route('POST', '/navigation_views', 'required', 'navigation-view-add', addNavigationViewEndpoint),
    route('PATCH', '/navigation_views/*fragment', 'required', 'navigation-view-update', updateNavigationViewEndpoint),
    route('DELETE', '/navigation_views/*fragment', 'required', 'navigation-view-remove', removeNavigationViewEndpoint),
  ],
  sections: { drafts: draftsSection, saved_snippets: savedSnippetsSection, navigation_view: navigationViewsSection },
  sectionAliases: { navigation_views: 'navigation_view' },
};
