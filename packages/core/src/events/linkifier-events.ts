/** An administrator added a linkifier; `order` places it after every existing one. */
export interface LinkifierAdded {
  type: 'LinkifierAdded';
  data: { linkifier_id: number; pattern: string; url_template: string; order: number };
}

/** A linkifier's pattern and URL template were replaced (both are always sent together). */
export interface LinkifierUpdated {
  type: 'LinkifierUpdated';
  data: { linkifier_id: number; pattern: string; url_template: string };
}

export interface LinkifierRemoved {
  type: 'LinkifierRemoved';
  data: { linkifier_id: number };
}

/** The linkifiers were put in a new order: every linkifier id, first to last. */
export interface LinkifiersReordered {
  type: 'LinkifiersReordered';
  data: { order: number[] };
}

export type LinkifierEvent = LinkifierAdded | LinkifierUpdated | LinkifierRemoved | LinkifiersReordered;

declare module './index.js' {
  interface DomainEventKinds {
    LinkifierEvent: LinkifierEvent;
  }
}
