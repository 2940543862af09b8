// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface NavigationViewAddRequest {
fragment: string
is_pinned: boolean
name?: string
}
export interface NavigationViewRemoveRequest {
/**
 * @minItems 1
 */
fragment: [string, ...(string)[]]
}
export interface NavigationViewUpdateRequest {
/**
 * @minItems 1
 */
fragment: [string, ...(string)[]]
is_pinned?: boolean
name?: string
}

export interface NavigationRequestTypes {
  'navigation-view-add': NavigationViewAddRequest;
  'navigation-view-remove': NavigationViewRemoveRequest;
  'navigation-view-update': NavigationViewUpdateRequest;
}

export interface NavigationRequestPathNames {
  'navigation-view-add': never;
  'navigation-view-remove': 'fragment';
  'navigation-view-update': 'fragment';
}
