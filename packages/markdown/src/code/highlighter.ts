import { createRequire } from 'node:module';

/**
 * highlight.js, through the two calls this package makes. Loaded with require and typed here: its own
 * type declarations pull in the browser's DOM types, which would change Node's in the whole program.
 */
export interface Highlighter {
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
  getLanguage(name: string): object | undefined;
}

let loaded: Highlighter | null = null;

/**
 * highlight.js, loaded at the first code block rather than at start: it registers every language it
 * knows when loaded (about a tenth of an empty server's start-up), which a server with no code block
 * to render yet need not wait for.
 */
export function hljs(): Highlighter {
  loaded ??= createRequire(import.meta.url)('highlight.js') as Highlighter;
  return loaded;
}
