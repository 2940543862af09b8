import type { ReceivedEvent } from './event-schemas.js';

type State = Record<string, unknown>;

/**
 * `realm_emoji`, `realm_linkifiers` and `realm_playgrounds` each carry the whole new set: it replaces
 * the section. (`realm_filters` events are never sent; that section stays empty.)
 */
export function applyRealmConfigEvent(state: State, event: ReceivedEvent): void {
  switch (event.type) {
    case 'realm_emoji':
      if (event.op !== 'update') throw new Error(`unhandled realm_emoji op ${String(event.op)}`);
      if ('realm_emoji' in state) state.realm_emoji = structuredClone(event.realm_emoji);
      return;
    case 'realm_linkifiers':
      if ('realm_linkifiers' in state) state.realm_linkifiers = structuredClone(event.realm_linkifiers);
      return;
    case 'realm_playgrounds':
      if ('realm_playgrounds' in state) state.realm_playgrounds = structuredClone(event.realm_playgrounds);
      return;
    default:
      throw new Error(`not a realm configuration event: ${event.type}`);
  }
}
