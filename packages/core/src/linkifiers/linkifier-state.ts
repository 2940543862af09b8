import type { LinkifierEvent } from '../events/linkifier-events.js';

/** A linkifier as the read model holds it and as deciders see it. */
export interface LinkifierState {
  id: number;
  /** A regular expression in RE2 syntax, with named groups (`(?P<id>[0-9]+)`). */
  pattern: string;
  /** An RFC 6570 template whose variables are the pattern's groups. */
  url_template: string;
  /** Processing position, lowest first. */
  order: number;
}

/** Linkifiers in processing order; equal positions (which this server never writes) fall back to id. */
export const inLinkifierOrder = <L extends Pick<LinkifierState, 'id' | 'order'>>(linkifiers: readonly L[]): L[] =>
  [...linkifiers].sort((a, b) => a.order - b.order || a.id - b.id);

export const LINKIFIER_EVENT_TYPES = ['LinkifierAdded', 'LinkifierUpdated', 'LinkifierRemoved', 'LinkifiersReordered'] as const satisfies readonly LinkifierEvent['type'][];

/** One event applied to the linkifiers (the deciders fold the linkifiers' stream with it). */
export function evolveLinkifiers(state: readonly LinkifierState[], event: LinkifierEvent): LinkifierState[] {
  switch (event.type) {
    case 'LinkifierAdded': {
      const { linkifier_id, pattern, url_template, order } = event.data;
      return [...state, { id: linkifier_id, pattern, url_template, order }];
    }
    case 'LinkifierUpdated': {
      const { linkifier_id, pattern, url_template } = event.data;
      return state.map((linkifier) => (linkifier.id === linkifier_id ? { ...linkifier, pattern, url_template } : linkifier));
    }
    case 'LinkifierRemoved':
      return state.filter((linkifier) => linkifier.id !== event.data.linkifier_id);
    case 'LinkifiersReordered': {
      const order = event.data.order;
      return state.map((linkifier) => (order.includes(linkifier.id) ? { ...linkifier, order: order.indexOf(linkifier.id) } : linkifier));
    }
  }
}
