import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';

const TIME_TOKEN = 'chat_global_time';
const GLOBAL_TIME = /<time:([^>]*?)>/y;

/** Time zone abbreviations the public server reads, as offsets. */
const ZONES: Readonly<Record<string, string>> = {
  UTC: '+00:00', GMT: '+00:00', Z: '+00:00', IST: '+05:30', EST: '-05:00', EDT: '-04:00', CST: '-06:00', CDT: '-05:00',
  MST: '-07:00', MDT: '-06:00', PST: '-08:00', PDT: '-07:00', CET: '+01:00', CEST: '+02:00', BST: '+01:00', JST: '+09:00',
};

/** When the text names no zone or offset it is read as UTC, as the public server reads it. */
function withZone(text: string): string {
  const zone = /\s([A-Z]{1,4})$/.exec(text);
  if (zone !== null && Object.hasOwn(ZONES, zone[1])) return `${text.slice(0, zone.index)} ${ZONES[zone[1]]}`;
  return /(?:Z|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text} +00:00`;
}

/** An ISO time as the public server writes `datetime`: whole seconds, UTC, with a `Z`. */
function isoUtc(text: string): string | null {
  const trimmed = text.trim();
  let ms: number;
  if (/^-?\d+(?:\.\d+)?$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    // Ordinals ("5th") and a meridiem written against the time ("10:30PM") read as the server reads them.
    const plain = trimmed.replace(/(\d)(st|nd|rd|th)\b/g, '$1').replace(/,/g, ' ').replace(/(\d)([ap]m)\b/gi, '$1 $2').replace(/\s+/g, ' ');
    ms = Date.parse(plain);
    const zoned = Date.parse(withZone(plain));
    if (!Number.isNaN(zoned)) ms = zoned;
  }
  if (Number.isNaN(ms) || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
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
    const text = token.content.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const datetime = (token.meta as { datetime: string | null }).datetime;
    if (datetime === null) return `<span class="timestamp-error">Invalid time format: ${text}</span>`;
    return `<time datetime="${datetime}">${text}</time>`;
  };
}
