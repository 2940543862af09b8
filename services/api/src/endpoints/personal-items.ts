import type { CallOf } from '@chat/http';
import { draftView, navigationViewView, savedSnippetView } from '@chat/projections';
import { createDrafts, deleteDraft, editDraft, userDrafts } from '../actions/drafts.js';
import { addNavigationView, removeNavigationView, updateNavigationView, userNavigationViews } from '../actions/navigation-views.js';
import { changeSavedSnippet, createSavedSnippet, userSavedSnippets } from '../actions/saved-snippets.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Clocked, Commands, LogReads, Reads, Uses } from '../dependencies.js';

/** What createDraftsEndpoint uses. */
type CreateDraftsEndpointDeps = Commands & Clocked & Allocates & Reads<'subscriptions' | 'users'> & Uses<'organization'>;
/** What editDraftEndpoint uses. */
type EditDraftEndpointDeps = Commands & Clocked & LogReads & Reads<'subscriptions' | 'users'> & Uses<'organization'>;

/** GET /drafts */
export async function listDraftsEndpoint(ctx: Reads<'drafts' | 'users'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  const drafts = await userDrafts(ctx, await callerUser(ctx, call));
  return { count: drafts.length, drafts: drafts.map(draftView) };
}

/** POST /drafts */
export async function createDraftsEndpoint(ctx: CreateDraftsEndpointDeps, call: CallOf<'drafts-create'>): Promise<Record<string, unknown>> {
  const drafts = call.params.drafts ?? [];
  return { ids: await createDrafts(ctx, originOf(call), await callerUser(ctx, call), drafts) };
}

/** PATCH /drafts/{draft_id} */
export async function editDraftEndpoint(ctx: EditDraftEndpointDeps, call: CallOf<'draft-edit'>): Promise<Record<string, unknown>> {
  await editDraft(ctx, originOf(call), await callerUser(ctx, call), call.path.draft_id, call.params.draft);
  return {};
}

/** DELETE /drafts/{draft_id} */
export async function deleteDraftEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: CallOf<'draft-delete'>): Promise<Record<string, unknown>> {
  await deleteDraft(ctx, originOf(call), (await callerUser(ctx, call)).user_id, call.path.draft_id);
  return {};
}

/** GET /saved_snippets */
export async function listSavedSnippetsEndpoint(ctx: Reads<'savedSnippets' | 'users'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  return { saved_snippets: (await userSavedSnippets(ctx, (await callerUser(ctx, call)).user_id)).map(savedSnippetView) };
}

/** POST /saved_snippets */
export async function createSavedSnippetEndpoint(ctx: Commands & Allocates & Reads<'users'>, call: CallOf<'saved-snippet-create'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  return { saved_snippet_id: await createSavedSnippet(ctx, originOf(call), user.user_id, call.params.title, call.params.content) };
}

/** PATCH /saved_snippets/{saved_snippet_id} */
export async function editSavedSnippetEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: CallOf<'saved-snippet-edit'>): Promise<Record<string, unknown>> {
  const { title, content } = call.params;
  await changeSavedSnippet(ctx, originOf(call), (await callerUser(ctx, call)).user_id, call.path.saved_snippet_id, { title, content });
  return {};
}

/** DELETE /saved_snippets/{saved_snippet_id} */
export async function deleteSavedSnippetEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: CallOf<'saved-snippet-delete'>): Promise<Record<string, unknown>> {
  await changeSavedSnippet(ctx, originOf(call), (await callerUser(ctx, call)).user_id, call.path.saved_snippet_id, 'delete');
  return {};
}

/** GET /navigation_views */
export async function listNavigationViewsEndpoint(ctx: Reads<'navigationViews' | 'users'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  return { navigation_views: (await userNavigationViews(ctx, (await callerUser(ctx, call)).user_id)).map(navigationViewView) };
}

/** POST /navigation_views */
export async function addNavigationViewEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: CallOf<'navigation-view-add'>): Promise<Record<string, unknown>> {
  const { fragment, is_pinned, name } = call.params;
  await addNavigationView(ctx, originOf(call), (await callerUser(ctx, call)).user_id, { fragment, is_pinned, name });
  return {};
}

/** PATCH /navigation_views/{fragment} */
export async function updateNavigationViewEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: CallOf<'navigation-view-update'>): Promise<Record<string, unknown>> {
  const { is_pinned, name } = call.params;
  await updateNavigationView(ctx, originOf(call), (await callerUser(ctx, call)).user_id, { fragment: fragmentOf(call.path.fragment), is_pinned, name });
  return {};
}

/** DELETE /navigation_views/{fragment} */
export async function removeNavigationViewEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: CallOf<'navigation-view-remove'>): Promise<Record<string, unknown>> {
  await removeNavigationView(ctx, originOf(call), (await callerUser(ctx, call)).user_id, fragmentOf(call.path.fragment));
  return {};
}

/** A fragment spans path segments (`narrow/is/alerted`): the route takes the rest of the path. */
const fragmentOf = (segments: readonly string[]): string => segments.join('/');
