import {
  decideAddNavigationView,
  decideRemoveNavigationView,
  decideUpdateNavigationView,
  foldNavigationViews,
  NAVIGATION_VIEW_EVENT_TYPES,
  type NavigationViewEvent,
  type NavigationViews,
  type NavigationViewState,
  streams,
} from '@chat/core';
import type { Origin } from '../commands/command-bus.js';
import { streamHistory } from '../commands/stream-history.js';
import type { Commands, LogReads, Reads } from '../dependencies.js';

/** What changeNavigationViews uses. */
type ChangeNavigationViewsDeps = Commands & LogReads;

/** Decides on the user's views as their stream tells them, and appends with the revision read. */
export async function changeNavigationViews(ctx: ChangeNavigationViewsDeps, origin: Origin, userId: number, decide: (views: NavigationViews) => NavigationViewEvent[]): Promise<void> {
  const stream = streams.navigationViews(userId);
  await ctx.bus.run(origin, async () => {
    const { events, expected } = await streamHistory(ctx.store, stream, NAVIGATION_VIEW_EVENT_TYPES);
    return { appends: [{ stream, expected, events: decide(foldNavigationViews(events)) }], result: undefined };
  });
}

export const addNavigationView = (ctx: ChangeNavigationViewsDeps, origin: Origin, userId: number, view: { fragment: string; is_pinned: boolean; name?: string }): Promise<void> =>
  changeNavigationViews(ctx, origin, userId, (views) => decideAddNavigationView(views, { user_id: userId, ...view }));

export const updateNavigationView = (ctx: ChangeNavigationViewsDeps, origin: Origin, userId: number, change: { fragment: string; is_pinned?: boolean; name?: string }): Promise<void> =>
  changeNavigationViews(ctx, origin, userId, (views) => decideUpdateNavigationView(views, { user_id: userId, ...change }));

export const removeNavigationView = (ctx: ChangeNavigationViewsDeps, origin: Origin, userId: number, fragment: string): Promise<void> =>
  changeNavigationViews(ctx, origin, userId, (views) => decideRemoveNavigationView(views, { user_id: userId, fragment }));

/** The user's configured views, by fragment. */
export async function userNavigationViews(ctx: Reads<'navigationViews'>, userId: number): Promise<NavigationViewState[]> {
  const views = await ctx.models.navigationViews.findMany('user_id', userId);
  return views.sort((a, b) => (a.fragment < b.fragment ? -1 : a.fragment > b.fragment ? 1 : 0));
}
