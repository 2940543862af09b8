import type MarkdownIt from 'markdown-it';
import type { StateBlock } from 'markdown-it';

interface FenceLine {
  /** The run of backticks or tildes, e.g. "```". */
  marker: string;
  /** The info string, trimmed: "quote", a language, or "". */
  info: string;
}

const FENCE = /^(`{3,})([^`]*)$|^(~{3,})(.*)$/;

/** The fence a line opens or closes, if it is one (indented less than a code block). */
function fenceAt(state: StateBlock, line: number): FenceLine | null {
  if (state.sCount[line] - state.blkIndent >= 4) return null;
  const text = state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);
  const match = FENCE.exec(text);
  if (match === null) return null;
  return { marker: match[1] ?? match[3], info: (match[2] ?? match[4]).trim() };
}

const isQuote = (fence: FenceLine): boolean => fence.info.split(/\s+/)[0].toLowerCase() === 'quote';

const closes = (fence: FenceLine, open: FenceLine): boolean =>
  fence.info === '' && fence.marker[0] === open.marker[0] && fence.marker.length >= open.marker.length;

/**
 * The line after a quote fence's content: its closing fence, or the end of the document or of the
 * container it is in. Fences inside nest as the public server nests them: a quote may hold code blocks
 * and quotes, whose own closing fences do not end it; inside a code block only its own fence counts.
 */
function closingLine(state: StateBlock, open: FenceLine, startLine: number, endLine: number): { line: number; closed: boolean } {
  const stack: FenceLine[] = [open];
  for (let line = startLine + 1; line < endLine; line += 1) {
    const blank = state.bMarks[line] + state.tShift[line] >= state.eMarks[line];
    if (!blank && state.sCount[line] < state.blkIndent) return { line, closed: false };
    const fence = fenceAt(state, line);
    const top = stack[stack.length - 1];
    if (fence === null || top === undefined) continue;
    if (closes(fence, top)) {
      stack.pop();
      if (stack.length === 0) return { line, closed: true };
    } else if (isQuote(top)) {
      stack.push(fence);
    }
  }
  return { line: endLine, closed: false };
}

/**
 * ```quote (or ~~~quote) … ```: a block quote whose content is Markdown (mentions, links, code inside
 * are rendered), as clients write when they quote a message.
 */
function quoteFence(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const open = fenceAt(state, startLine);
  if (open === null || !isQuote(open)) return false;
  if (silent) return true;
  const { line, closed } = closingLine(state, open, startLine, endLine);
  const opening = state.push('blockquote_open', 'blockquote', 1);
  opening.markup = open.marker;
  opening.map = [startLine, line];
  const [parentType, lineMax] = [state.parentType, state.lineMax];
  state.parentType = 'blockquote';
  state.lineMax = line;
  state.md.block.tokenize(state, startLine + 1, line);
  state.parentType = parentType;
  state.lineMax = lineMax;
  state.push('blockquote_close', 'blockquote', -1).markup = open.marker;
  state.line = closed ? line + 1 : line;
  return true;
}

export function quoteFencePlugin(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'quote_fence', quoteFence, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}
