import { RE2JS } from 're2js';
import { parseTemplate } from 'url-template';

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

/** A linkifier's pattern compiled for matching in text. */
export interface CompiledLinkifier {
  /** The pattern alone: a text it does not match cannot hold a linkifier match, and finding that out is cheap. */
  bare: RE2JS;
  /** The pattern between the boundaries a match needs. */
  bounded: RE2JS;
  /** The pattern's own named groups. */
  groups: string[];
}

const compiled = new Map<string, CompiledLinkifier | null>();

/**
 * The pattern as it is matched in messages: only after the start, a space or an opening delimiter,
 * and not followed by a letter or digit, as in the public API. Null for a pattern that does not compile.
 */
export function linkifierRegex(pattern: string): CompiledLinkifier | null {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    try {
      const bare = RE2JS.compile(pattern);
      const bounded = RE2JS.compile(`(?P<${BEFORE}>^|\\s|['"(,:<])(?P<${OUTER}>${pattern})(?P<${AFTER}>$|[^\\pL\\pN])`);
      regex = { bare, bounded, groups: Object.keys(bare.namedGroups()) };
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

/** RE2's `\\s` (ASCII whitespace) and the opening delimiters a match may follow. */
const BEFORE_CHARS = new Set([' ', '\t', '\n', '\f', '\r', "'", '"', '(', ',', ':', '<']);
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** Whether a bare match at [start, end) meets the boundaries, searching from `from` (nothing before it is seen). */
function bounded(text: string, from: number, start: number, end: number): boolean {
  const beforeOk = start === 0 || (start > from && BEFORE_CHARS.has(text[start - 1]));
  const after = text.codePointAt(end);
  return beforeOk && (after === undefined || !LETTER_OR_DIGIT.test(String.fromCodePoint(after)));
}

const groupsOf = (regex: CompiledLinkifier, group: (name: string) => string | null): Record<string, string> => {
  const groups: Record<string, string> = {};
  for (const name of regex.groups) {
    const value = group(name);
    if (value !== null) groups[name] = value;
  }
  return groups;
};

/**
 * The matches of a linkifier in `text`, each search resuming where the previous linked text ended.
 * The bare pattern finds each candidate; one that meets the boundaries is the match the bounded
 * pattern would find (none starts earlier, and at that start the same alternative is preferred);
 * otherwise the bounded pattern searches on from there, which is exact but several times slower.
 */
export function linkifierMatches(regex: CompiledLinkifier, text: string): LinkifierMatch[] {
  const bare = regex.bare.matcher(text);
  const full = regex.bounded.matcher(text);
  const matches: LinkifierMatch[] = [];
  let from = 0;
  while (from <= text.length && bare.find(from)) {
    let start = bare.start();
    let end = bare.end();
    let groups: Record<string, string>;
    if (bounded(text, from, start, end)) {
      groups = groupsOf(regex, (name) => bare.group(name));
    } else {
      if (!full.find(Math.max(from, start - 1))) break;
      start = full.start(OUTER);
      end = full.end(OUTER);
      groups = groupsOf(regex, (name) => full.group(name));
    }
    matches.push({ start, end, groups });
    from = end > start ? end : end + 1;
  }
  return matches;
}

const templates = new Map<string, ReturnType<typeof parseTemplate>>();

/** The URL a linkifier's template makes of a match's groups (templates parsed once). */
export function linkifierUrl(urlTemplate: string, groups: Record<string, string>): string {
  let template = templates.get(urlTemplate);
  if (template === undefined) {
    if (templates.size > 500) templates.clear();
    template = parseTemplate(urlTemplate);
    templates.set(urlTemplate, template);
  }
  return template.expand(groups);
}
