import { RE2JS } from 're2js';

/** A linkifier as the renderer needs it: a pattern (RE2 syntax, named groups) and an RFC 6570 URL template. */
export interface Linkifier {
  pattern: string;
  url_template: string;
}

const BEFORE = 'chat_linkifier_before';
const OUTER = 'chat_linkifier_outer';
const AFTER = 'chat_linkifier_after';

/**
 * The named groups of a pattern, or why it is not a valid RE2 expression (the engine the public API
 * checks and applies linkifiers with; it has no look-around or back-references, and runs in linear time).
 */
export function linkifierPatternGroups(pattern: string): string[] | { error: string } {
  try {
    return Object.keys(RE2JS.compile(pattern).namedGroups());
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const compiled = new Map<string, RE2JS | null>();

/**
 * The pattern as it is matched in messages: only after the start, a space or an opening delimiter,
 * and not followed by a letter or digit, as in the public API. Null for a pattern that does not compile.
 */
export function linkifierRegex(pattern: string): RE2JS | null {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    try {
      regex = RE2JS.compile(`(?P<${BEFORE}>^|\\s|['"(,:<])(?P<${OUTER}>${pattern})(?P<${AFTER}>$|[^\\pL\\pN])`);
    } catch {
      regex = null;
    }
    // A server holds a handful of linkifiers; the bound only guards against patterns edited many times.
    if (compiled.size > 500) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex;
}

/** One match of a linkifier in a text: where the linked text starts and ends, and the pattern's groups. */
export interface LinkifierMatch {
  start: number;
  end: number;
  /** The pattern's groups that took part in the match (the others are left out of the URL). */
  groups: Record<string, string>;
}

/** The matches of `regex` in `text`, each search resuming where the previous linked text ended. */
export function linkifierMatches(regex: RE2JS, text: string): LinkifierMatch[] {
  const names = Object.keys(regex.namedGroups()).filter((name) => name !== BEFORE && name !== OUTER && name !== AFTER);
  const matcher = regex.matcher(text);
  const matches: LinkifierMatch[] = [];
  let from = 0;
  while (from <= text.length && matcher.find(from)) {
    const start = matcher.start(OUTER);
    const end = matcher.end(OUTER);
    const groups: Record<string, string> = {};
    for (const name of names) {
      const value = matcher.group(name);
      if (value !== null) groups[name] = value;
    }
    matches.push({ start, end, groups });
    from = end > start ? end : end + 1;
  }
  return matches;
}
