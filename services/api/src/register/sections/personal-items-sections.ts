import { draftView, navigationViewView, savedSnippetView } from '@chat/projections';
import { userDrafts } from '../../actions/drafts.js';
import { userNavigationViews } from '../../actions/navigation-views.js';
import { userSavedSnippets } from '../../actions/saved-snippets.js';
import type { SectionBuilder } from '../register-context.js';

/** `drafts`: the viewer's synchronized drafts (none while they have synchronization off). */
export const draftsSection: SectionBuilder = async ({ ctx, viewer }) => ({ drafts: (await userDrafts(ctx, viewer)).map(draftView) });

export const savedSnippetsSection: SectionBuilder = async ({ ctx, viewer }) => ({
  saved_snippets: (await userSavedSnippets(ctx, viewer.user_id)).map(savedSnippetView),
});

export const navigationViewsSection: SectionBuilder = async ({ ctx, viewer }) => ({
  navigation_views: (await userNavigationViews(ctx, viewer.user_id)).map(navigationViewView),
});
