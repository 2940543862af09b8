import { hljs } from './highlighter.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** Pygments' lexer names by alias (lower case): what the public server puts in `data-code-language`. */
const PYGMENTS_NAMES = require('./pygments-languages.json') as Record<string, string>;

/** Languages highlight.js knows by another name than the Pygments alias or name. */
const HIGHLIGHTER_NAMES: Readonly<Record<string, string>> = {
  'Python 2.x': 'python',
  'Python console session': 'python-repl',
  TeX: 'latex',
  'Bash Session': 'shell',
  'JSON': 'json',
  'HTML': 'xml',
  'XML': 'xml',
};

export interface CodeLanguage {
  /** The name the block is tagged with: Pygments' lexer name, else the language as written. */
  tag: string;
  /** The highlight.js language that colours it, if any. */
  highlighter: string | null;
  /** The Pygments name, when Pygments knows the language (the token rules may depend on it). */
  pygments: string | null;
}

/** What a fence's language (lower case) names. */
export function codeLanguage(lang: string): CodeLanguage {
  const pygments = Object.hasOwn(PYGMENTS_NAMES, lang) ? PYGMENTS_NAMES[lang] : null;
  if (pygments === null) return { tag: lang, highlighter: null, pygments: null };
  const candidates = [HIGHLIGHTER_NAMES[pygments], lang, pygments.toLowerCase()];
  const highlighter = candidates.find((name) => name !== undefined && hljs().getLanguage(name) !== undefined) ?? null;
  return { tag: pygments, highlighter, pygments };
}
