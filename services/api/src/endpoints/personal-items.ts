import type { DraftInput } from '@chat/core';
import type { RouteCall } from '@chat/http';
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
export async function listDraftsEndpoint(ctx: Reads<'drafts' | 'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  const drafts = await userDrafts(ctx, await callerUser(ctx, call));
  return { count: drafts.length, drafts: drafts.map(draftView) };
}

/** POST /drafts */
export async function createDraftsEndpoint(ctx: CreateDraftsEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const drafts = (call.params.drafts ?? []) as DraftInput[];
  return { ids: await createDrafts(ctx, originOf(call), await callerUser(ctx, call), drafts) };
}

/** PATCH /drafts/{draft_id} */
export async function editDraftEndpoint(ctx: EditDraftEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  await editDraft(ctx, originOf(call), await callerUser(ctx, call), Number(call.path.draft_id), call.params.draft as DraftInput);
  return {};
}

/** DELETE /drafts/{draft_id} */
export async function deleteDraftEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  await deleteDraft(ctx, originOf(call), (await callerUser(ctx, call)).user_id, Number(call.path.draft_id));
  return {};
}

/** GET /saved_snippets */
export async function listSavedSnippetsEndpoint(ctx: Reads<'savedSnippets' | 'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  return { saved_snippets: (await userSavedSnippets(ctx, (await callerUser(ctx, call)).user_id)).map(savedSnippetView) };
}

/** POST /saved_snippets */
export async function createSavedSnippetEndpoint(ctx: Commands & Allocates & Reads<'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  return { saved_snippet_id: await createSavedSnippet(ctx, originOf(call), user.user_id, String(call.params.title), String(call.params.content)) };
}

/** PATCH /saved_snippets/{saved_snippet_id} */
export async function editSavedSnippetEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  const { title, content } = call.params as { title?: string; content?: string };
  await changeSavedSnippet(ctx, originOf(call), (await callerUser(ctx, call)).user_id, Number(call.path.saved_snippet_id), { title, content });
  return {};
}

/** DELETE /saved_snippets/{saved_snippet_id} */
export async function deleteSavedSnippetEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  await changeSavedSnippet(ctx, originOf(call), (await callerUser(ctx, call)).user_id, Number(call.path.saved_snippet_id), 'delete');
  return {};
}

/** GET /navigation_views */
export async function listNavigationViewsEndpoint(ctx: Reads<'navigationViews' | 'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  return { navigation_views: (await userNavigationViews(ctx, (await callerUser(ctx, call)).user_id)).map(navigationViewView) };
}

/** POST /navigation_views */
export async function addNavigationViewEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  const { fragment, is_pinned, name } = call.params as { fragment: string; is_pinned: boolean; name?: string };
  await addNavigationView(ctx, originOf(call), (await callerUser(ctx, call)).user_id, { fragment, is_pinned, name });
  return {};
}

/** PATCH /navigation_views/{fragment} */
export async function updateNavigationViewEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  const { is_pinned, name } = call.params as { is_pinned?: boolean; name?: string };
  await updateNavigationView(ctx, originOf(call), (await callerUser(ctx, call)).user_id, { fragment: fragmentOf(call), is_pinned, name });
  return {};
}

/** DELETE /navigation_views/{fragment} */
export async function removeNavigationViewEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  await removeNavigationView(ctx, originOf(call), (await callerUser(ctx, call)).user_id, fragmentOf(call));
  return {};
}

/** A fragment spans path segments (`narrow/is/alerted`): the route takes the rest of the path. */
const fragmentOf = (call: RouteCall): string => {
  const segments = call.path.fragment;
  return Array.isArray(segments) ? segments.join('/') : String(segments);
};
