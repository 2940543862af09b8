import { hljs } from './highlighter.js';

/**
 * highlight.js scopes as Pygments' short token classes, which clients style code by (the public
 * server highlights with Pygments). `null`: a scope that only groups others (its plain text is read
 * by the language's own rules below).
 */
const SCOPE_CLASSES: Readonly<Record<string, string | null>> = {
  keyword: 'k', built_in: 'nb', type: 'kt', literal: 'kc', number: 'm', operator: 'o', punctuation: 'p',
  property: 'py', regexp: 'sr', string: 's', subst: 'si', symbol: 'ss', char: 'sc', 'char.escape': 'se',
  'title.class': 'nc', 'title.class.inherited': 'nc', 'title.function': 'nf', 'title.function.invoke': 'n', title: 'nf',
  comment: 'c1', doctag: 'cs', meta: 'cp', 'meta.keyword': 'cp', 'meta.string': 'cpf', section: 'gh',
  tag: null, name: 'nt', attr: 'na', attribute: 'na', variable: 'nv', 'variable.language': 'bp', 'variable.constant': 'no',
  'template-variable': 'nv', 'selector-tag': 'nt', 'selector-id': 'nn', 'selector-class': 'nc', 'selector-attr': 'na',
  'selector-pseudo': 'nc', link: 'nl', quote: 'ge', emphasis: 'ge', strong: 'gs', addition: 'gi', deletion: 'gd',
  bullet: 'k', code: 'sb', formula: 'sb', params: null, function: null, class: null,
};

/** How a language's unmarked text reads: names, and which characters are operators and punctuation. */
interface PlainRules {
  name: string | null;
  pseudo: ReadonlySet<string>;
  wordOperators: ReadonlySet<string>;
  punctuation: RegExp;
  punctuationClass: string;
}

const GENERIC: PlainRules = {
  name: 'n', pseudo: new Set(), wordOperators: new Set(), punctuation: /[()[\]{},;:.]/y, punctuationClass: 'p',
};
const PLAIN_RULES: Readonly<Record<string, PlainRules>> = {
  python: { ...GENERIC, pseudo: new Set(['self', 'cls', 'Ellipsis', 'NotImplemented']), wordOperators: new Set(['and', 'or', 'not', 'in', 'is']) },
  latex: { name: null, pseudo: new Set(), wordOperators: new Set(), punctuation: /[{}&_^]/y, punctuationClass: 'nb' },
};

export interface Token {
  cls: string | null;
  text: string;
}

const WORD = /[\p{L}_][\p{L}\p{N}_]*/uy;
const SPACE = /\s+/y;
const OPERATOR = /[+\-*/%=<>!&|^~?@]+/y;

function sticky(pattern: RegExp, text: string, at: number): string | null {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? null;
}

/** Unmarked text split as Pygments would mark it: names, operators, punctuation, the rest plain. */
function plainTokens(text: string, rules: PlainRules, out: Token[]): void {
  let at = 0;
  while (at < text.length) {
    const space = sticky(SPACE, text, at);
    if (space !== null) { out.push({ cls: null, text: space }); at += space.length; continue; }
    const word = sticky(WORD, text, at);
    if (word !== null) {
      const cls = rules.pseudo.has(word) ? 'bp' : rules.wordOperators.has(word) ? 'ow' : rules.name;
      out.push({ cls, text: word });
      at += word.length;
      continue;
    }
    const punctuation = sticky(rules.punctuation, text, at);
    if (punctuation !== null) { out.push({ cls: rules.punctuationClass, text: punctuation }); at += punctuation.length; continue; }
    const operator = rules === GENERIC || rules.name !== null ? sticky(OPERATOR, text, at) : null;
    if (operator !== null) { out.push({ cls: 'o', text: operator }); at += operator.length; continue; }
    out.push({ cls: null, text: text[at] });
    at += 1;
  }
}

/** A number's class by its form, a string's by its quote, a comment's by its kind. */
function refined(cls: string, text: string, first: boolean, language: string): string {
  if (cls === 'm') return /^0[xX]/.test(text) ? 'mh' : /^0[bB]/.test(text) ? 'mb' : /^0[oO]/.test(text) ? 'mo' : /[.eEjJ]/.test(text) && !/^0[xX]/.test(text) ? 'mf' : 'mi';
  if (cls === 's') return text.startsWith('"') ? 's2' : text.startsWith("'") ? 's1' : text.startsWith('`') ? 'sb' : 's';
  if (cls === 'c1') return first && text.startsWith('#!') ? 'ch' : /^(\/\*|<!--|"""|''')/.test(text) || text.includes('\n') ? 'cm' : 'c1';
  if (cls === 'k' && language === 'python' && PLAIN_RULES.python.wordOperators.has(text)) return 'ow';
  return cls;
}

const unescape = (html: string): string =>
  html.replace(/&(lt|gt|quot|#x27|#39|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", amp: '&' })[name] ?? '');

const SPAN = /<span class="([^"]*)">|<\/span>|[^<]+/g;

/** The scope a highlight.js class list names (`hljs-title function_` is `title.function`). */
function scopeOf(classes: string): string {
  const [first, ...rest] = classes.split(' ');
  return [first.replace(/^hljs-/, ''), ...rest.map((part) => part.replace(/_+$/, ''))].join('.');
}

/** The class of the innermost scope that has one; undefined when only grouping scopes (or none) hold the text. */
function classOfScopes(stack: readonly string[]): string | undefined {
  for (let i = stack.length - 1; i >= 0; i -= 1) {
    const scope = stack[i];
    const parts = scope.split('.');
    for (let n = parts.length; n > 0; n -= 1) {
      const key = parts.slice(0, n).join('.');
      if (Object.hasOwn(SCOPE_CLASSES, key)) {
        const cls = SCOPE_CLASSES[key];
        if (cls !== null) return cls;
        break;
      }
    }
  }
  return undefined;
}

/** The code as Pygments-classed tokens, coloured by highlight.js in `language`. */
export function pygmentsTokens(code: string, language: string): Token[] {
  const html = hljs().highlight(code, { language, ignoreIllegals: true }).value;
  const rules = PLAIN_RULES[language] ?? GENERIC;
  const tokens: Token[] = [];
  const stack: string[] = [];
  let offset = 0;
  for (const match of html.matchAll(SPAN)) {
    if (match[1] !== undefined) { stack.push(scopeOf(match[1])); continue; }
    if (match[0] === '</span>') { stack.pop(); continue; }
    const text = unescape(match[0]);
    const cls = classOfScopes(stack);
    if (cls === undefined) plainTokens(text, rules, tokens);
    else tokens.push({ cls: refined(cls, text, offset === 0, language), text });
    offset += text.length;
  }
  return tokens;
}
