/** A user configured a view of the left sidebar: a built-in one (no name) or one of their own. */
export interface NavigationViewAdded {
  type: 'NavigationViewAdded';
  data: { user_id: number; fragment: string; is_pinned: boolean; name: string | null };
}

/** A user changed a view's pinning or name (only what changed is recorded). */
export interface NavigationViewUpdated {
  type: 'NavigationViewUpdated';
  data: { user_id: number; fragment: string; changes: { is_pinned?: boolean; name?: string } };
}

export interface NavigationViewRemoved {
  type: 'NavigationViewRemoved';
  data: { user_id: number; fragment: string };
}

export type NavigationViewEvent = NavigationViewAdded | NavigationViewUpdated | NavigationViewRemoved;

declare module './index.js' {
  interface DomainEventKinds {
    NavigationViewEvent: NavigationViewEvent;
  }
}
