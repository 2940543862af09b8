import type { StateInline } from 'markdown-it';
import type { TexBudget } from '../math/tex-budget.js';
import type { RenderWorld } from './render-world.js';

/** What the message rules find in markdown-it's `env` during one render. */
export interface MessageEnv {
  world: RenderWorld;
  /** What the message's math has cost so far. */
  tex: TexBudget;
}

export const worldOf = (state: StateInline): RenderWorld | undefined => (state.env as Partial<MessageEnv> | undefined)?.world;

/** Inside a link's label nothing becomes a mention or another link. */
export const insideLink = (state: StateInline): boolean => ((state as StateInline & { linkLevel?: number }).linkLevel ?? 0) > 0;

/** Consumes `length` characters as one token of `type` carrying `meta`, unless only validating. */
export function pushReference(state: StateInline, silent: boolean, type: string, meta: unknown, source: string): boolean {
  if (state.pos + source.length > state.posMax) return false;
  if (!silent) {
    const token = state.push(type, '', 0);
    token.meta = meta;
    // The source text stands in wherever the token is read as plain text (an image's alt text).
    token.content = source;
  }
  state.pos += source.length;
  return true;
}
