import type { CodePlaygroundEvent } from '../events/playground-events.js';

/** A code playground as the read model holds it and (field for field) as clients receive it. */
export interface PlaygroundState {
  id: number;
  name: string;
  pygments_language: string;
  /** An RFC 6570 template whose only variable is `code`. */
  url_template: string;
}

export const PLAYGROUND_EVENT_TYPES = ['CodePlaygroundAdded', 'CodePlaygroundRemoved'] as const satisfies readonly CodePlaygroundEvent['type'][];

/** One event applied to the playgrounds (the deciders fold the playgrounds' stream with it). */
export function evolvePlaygrounds(state: readonly PlaygroundState[], event: CodePlaygroundEvent): PlaygroundState[] {
  if (event.type === 'CodePlaygroundRemoved') return state.filter((playground) => playground.id !== event.data.playground_id);
  const { playground_id, name, pygments_language, url_template } = event.data;
  return [...state, { id: playground_id, name, pygments_language, url_template }];
}
