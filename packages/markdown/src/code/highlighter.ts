import { createRequire } from 'node:module';

/**
 * highlight.js, through the two calls this package makes. Loaded with require and typed here: its own
 * type declarations pull in the browser's DOM types, which would change Node's in the whole program.
 */
export interface Highlighter {
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
  getLanguage(name: string): object | undefined;
}

export const hljs = createRequire(import.meta.url)('highlight.js') as Highlighter;
