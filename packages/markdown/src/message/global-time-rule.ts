import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';

const TIME_TOKEN = 'chat_global_time';
const GLOBAL_TIME = /<time:([^>]*?)>/y;

/** An ISO time as the public server writes `datetime`: whole seconds, UTC, with a `Z`. */
function isoUtc(text: string): string | null {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * `<time:2025-05-30T02:00:00+00:00>`: a moment each reader's client shows in their own time zone. It
 * becomes `<time datetime="…Z">` holding the text as written; a time that does not parse is shown as
 * an error, as on the public server.
 */
function globalTimeRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3c /* < */) return false;
  GLOBAL_TIME.lastIndex = state.pos;
  const match = GLOBAL_TIME.exec(state.src);
  if (match === null) return false;
  if (!silent) {
    const token = state.push(TIME_TOKEN, 'time', 0);
    token.content = match[1];
    token.meta = { datetime: isoUtc(match[1]) };
  }
  state.pos += match[0].length;
  return true;
}

export function globalTimePlugin(md: MarkdownIt): void {
  md.inline.ruler.before('autolink', TIME_TOKEN, globalTimeRule);
  md.renderer.rules[TIME_TOKEN] = (tokens, index) => {
    const token = tokens[index];
    const text = md.utils.escapeHtml(token.content);
    const datetime = (token.meta as { datetime: string | null }).datetime;
    if (datetime === null) return `<span class="timestamp-error">Invalid time format: ${text}</span>`;
    return `<time datetime="${datetime}">${text}</time>`;
  };
}
