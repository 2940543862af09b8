import type MarkdownIt from 'markdown-it';
import type { StateBlock } from 'markdown-it';

/** A fence line as the public server reads one: at least three backticks or tildes, a language, a header. */
const FENCE = /^(~{3,}|`{3,})[ ]*(?:\{?\.?([a-zA-Z0-9_+\-./#]+)[ ]*([^ ~`][^~`]*)?\}?)?$/;

type FenceKind = 'code' | 'quote' | 'spoiler' | 'math';

interface OpenFence {
  fence: string;
  kind: FenceKind;
  lang: string | null;
  header: string | null;
}

/** What the fence on `line` opens; a fence with no language takes the organization's default one. */
export function parseFence(line: string, defaultLanguage: string | null): OpenFence | null {
  const match = FENCE.exec(line);
  if (match === null) return null;
  const lang = (match[2] ?? defaultLanguage)?.toLowerCase() ?? null;
  const kind: FenceKind = lang === 'quote' || lang === 'quoted' ? 'quote' : lang === 'math' ? 'math' : lang === 'spoiler' ? 'spoiler' : 'code';
  return { fence: match[1], kind, lang: kind === 'code' ? lang : null, header: match[3] ?? null };
}

/** A line of the container, its indentation beyond the container kept. */
const lineText = (state: StateBlock, line: number): string => state.getLines(line, line + 1, state.blkIndent, false).replace(/\n$/, '');

/**
 * Where the block a fence opens ends: the line that closes it (the same fence alone on a line), or
 * the end of its container. Quotes and spoilers hold fences of their own, which nest: inside them a
 * fence line opens another block, and a bare fence closes the innermost one; inside code and math
 * only the block's own fence counts.
 */
function closingLine(state: StateBlock, open: OpenFence, startLine: number, endLine: number, defaultLanguage: string | null): { line: number; closed: boolean } {
  const stack: OpenFence[] = [open];
  for (let line = startLine + 1; line < endLine; line += 1) {
    const blank = state.bMarks[line] + state.tShift[line] >= state.eMarks[line];
    if (!blank && state.sCount[line] < state.blkIndent) return { line, closed: false };
    const text = lineText(state, line);
    const top = stack[stack.length - 1];
    if (text.trimEnd() === top.fence) {
      stack.pop();
      if (stack.length === 0) return { line, closed: true };
    } else if (top.kind === 'quote' || top.kind === 'spoiler') {
      const inner = parseFence(text, top.kind === 'quote' ? defaultLanguage : null);
      if (inner !== null) stack.push(inner);
    }
  }
  return { line: endLine, closed: false };
}

const defaultLanguageOf = (state: StateBlock): string | null =>
  (state.env as { world?: { defaultCodeBlockLanguage?: string | null } }).world?.defaultCodeBlockLanguage || null;

function pushInner(state: StateBlock, from: number, to: number, parentType: string): void {
  const [savedParent, savedMax] = [state.parentType, state.lineMax];
  state.parentType = parentType as typeof state.parentType;
  state.lineMax = to;
  state.md.block.tokenize(state, from, to);
  state.parentType = savedParent;
  state.lineMax = savedMax;
}

/**
 * Fenced blocks as the public server reads them: ```` ```quote ```` (a block quote of Markdown),
 * ```` ```spoiler Header ```` (hidden content under a header), ```` ```math ```` (display TeX) and
 * code. The fence starts the container's line and only the same fence closes it; an unclosed block
 * runs to the end of its container; an empty block shows nothing.
 */
function zulipFence(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine] !== state.blkIndent) return false;
  const defaultLanguage = defaultLanguageOf(state);
  const open = parseFence(lineText(state, startLine), defaultLanguage);
  if (open === null) return false;
  if (silent) return true;
  const { line, closed } = closingLine(state, open, startLine, endLine, defaultLanguage);
  state.line = closed ? line + 1 : line;
  const lines: string[] = [];
  for (let each = startLine + 1; each < line; each += 1) lines.push(lineText(state, each).trimEnd());
  if (lines.length === 0) return true;
  const map: [number, number] = [startLine, state.line];
  if (open.kind === 'code' || open.kind === 'math') {
    const token = state.push(open.kind === 'code' ? 'zulip_code' : 'zulip_math', open.kind === 'code' ? 'code' : 'math', 0);
    token.content = lines.join('\n');
    token.info = open.lang ?? '';
    token.map = map;
    return true;
  }
  if (open.kind === 'quote') {
    state.push('blockquote_open', 'blockquote', 1).map = map;
    pushInner(state, startLine + 1, line, 'blockquote');
    state.push('blockquote_close', 'blockquote', -1);
  } else {
    state.push('spoiler_open', 'div', 1).map = map;
    if (open.header !== null && open.header.trim() !== '') {
      state.push('paragraph_open', 'p', 1);
      const inline = state.push('inline', '', 0);
      inline.content = open.header.trim();
      inline.children = [];
      state.push('paragraph_close', 'p', -1);
    }
    state.push('spoiler_content', 'div', 0);
    pushInner(state, startLine + 1, line, 'blockquote');
    state.push('spoiler_close', 'div', -1);
  }
  state.line = closed ? line + 1 : line;
  return true;
}

export function zulipFencePlugin(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'zulip_fence', zulipFence, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.block.ruler.disable('fence');
  md.renderer.rules.spoiler_open = () => '<div class="spoiler-block"><div class="spoiler-header">\n';
  md.renderer.rules.spoiler_content = () => '</div><div class="spoiler-content" aria-hidden="true">\n';
  md.renderer.rules.spoiler_close = () => '</div></div>\n';
}
