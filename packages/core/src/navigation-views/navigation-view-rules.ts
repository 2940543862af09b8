import { ApiError, badRequest } from '../errors.js';
import type { NavigationViewAdded, NavigationViewEvent, NavigationViewRemoved, NavigationViewUpdated } from '../events/navigation-view-events.js';

/** One configured view, as its user's stream tells it. */
export type NavigationViewState = NavigationViewAdded['data'];

/** A user's configured views by fragment. */
export type NavigationViews = ReadonlyMap<string, NavigationViewState>;

export const NAVIGATION_VIEW_EVENT_TYPES = ['NavigationViewAdded', 'NavigationViewUpdated', 'NavigationViewRemoved'] as const satisfies readonly NavigationViewEvent['type'][];

/** The views clients have built in: configurable (pinned or not) but never renamed. */
export const BUILT_IN_VIEW_FRAGMENTS: ReadonlySet<string> = new Set([
  'inbox',
  'recent',
  'feed',
  'drafts',
  'scheduled',
  'reminders',
  'narrow/is/mentioned',
  'narrow/is/starred',
  'narrow/has/reaction/sender/me',
]);

export const MAX_NAVIGATION_VIEW_NAME_LENGTH = 100;

export function evolveNavigationViews(views: NavigationViews, event: NavigationViewEvent): NavigationViews {
  const next = new Map(views);
  switch (event.type) {
    case 'NavigationViewAdded':
      next.set(event.data.fragment, { ...event.data });
      break;
    case 'NavigationViewUpdated': {
      const view = next.get(event.data.fragment);
      if (view) next.set(event.data.fragment, { ...view, ...event.data.changes });
      break;
    }
    case 'NavigationViewRemoved':
      next.delete(event.data.fragment);
      break;
  }
  return next;
}

export const foldNavigationViews = (events: readonly NavigationViewEvent[]): NavigationViews =>
  events.reduce<NavigationViews>(evolveNavigationViews, new Map());

const builtInName = (): ApiError => badRequest('Built-in views cannot have a custom name');

function checkName(name: string | undefined): string {
  const trimmed = name?.trim() ?? '';
  if (trimmed === '') throw badRequest('Custom views must have a valid name.');
  if (trimmed.length > MAX_NAVIGATION_VIEW_NAME_LENGTH) throw badRequest(`Invalid 'name': at most ${MAX_NAVIGATION_VIEW_NAME_LENGTH} characters`);
  return trimmed;
}

/** POST /navigation_views */
export function decideAddNavigationView(views: NavigationViews, cmd: { user_id: number; fragment: string; is_pinned: boolean; name?: string }): NavigationViewAdded[] {
  const fragment = cmd.fragment.trim();
  if (fragment === '') throw badRequest('fragment cannot be blank');
  if (views.has(fragment)) throw badRequest('Navigation view already exists.');
  const builtIn = BUILT_IN_VIEW_FRAGMENTS.has(fragment);
  if (builtIn && cmd.name !== undefined) throw builtInName();
  const name = builtIn ? null : checkName(cmd.name);
  return [{ type: 'NavigationViewAdded', data: { user_id: cmd.user_id, fragment, is_pinned: cmd.is_pinned, name } }];
}

/** PATCH /navigation_views/{fragment}: a missing view is 404 NOT_FOUND, as the public API answers here. */
export function decideUpdateNavigationView(views: NavigationViews, cmd: { user_id: number; fragment: string; is_pinned?: boolean; name?: string }): NavigationViewUpdated[] {
  const view = views.get(cmd.fragment);
  if (!view) throw new ApiError('NOT_FOUND', 404, 'Navigation view does not exist.');
  if (cmd.is_pinned === undefined && cmd.name === undefined) throw badRequest("Nothing to change: give 'is_pinned' or 'name'");
  const changes: NavigationViewUpdated['data']['changes'] = {};
  if (cmd.name !== undefined) {
    if (BUILT_IN_VIEW_FRAGMENTS.has(cmd.fragment)) throw builtInName();
    const name = checkName(cmd.name);
    if (name !== view.name) changes.name = name;
  }
  if (cmd.is_pinned !== undefined && cmd.is_pinned !== view.is_pinned) changes.is_pinned = cmd.is_pinned;
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'NavigationViewUpdated', data: { user_id: cmd.user_id, fragment: cmd.fragment, changes } }];
}

/** DELETE /navigation_views/{fragment}: a missing view is 404 BAD_REQUEST, as the public API answers here. */
export function decideRemoveNavigationView(views: NavigationViews, cmd: { user_id: number; fragment: string }): NavigationViewRemoved[] {
  if (!views.has(cmd.fragment)) throw new ApiError('BAD_REQUEST', 404, 'Navigation view does not exist.');
  return [{ type: 'NavigationViewRemoved', data: { user_id: cmd.user_id, fragment: cmd.fragment } }];
}
