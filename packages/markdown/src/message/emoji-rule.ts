import type MarkdownIt from 'markdown-it';
import type { StateCore, StateInline, Token } from 'markdown-it';
import { EXTRA_EMOJI_NAMES } from '../emoji/emoji-identity.js';
import { unicodeEmojiCode, unicodeEmojiCodeOfText, unicodeEmojiName } from '../emoji/unicode-emoji.js';
import { pushReference, worldOf } from './message-env.js';
import { isSafeUrl } from './safe-links.js';
import { EMOJI } from './syntax.js';

type EmojiMeta = { kind: 'unicode'; name: string; code: string } | { kind: 'image'; name: string; src: string };

export const EMOJI_TOKEN = 'chat_emoji';
/** Where the public server keeps the image of its built-in extra emoji (relative, so exports keep it). */
const EXTRA_EMOJI_IMAGE = (name: string) => `/static/generated/emoji/images/emoji/unicode/${name}.png`;

/** `:name:`: an active custom emoji first, then the built-in extras, then Unicode; unknown names stay text. */
function emojiRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3a /* : */) return false;
  EMOJI.lastIndex = state.pos;
  const match = EMOJI.exec(state.src);
  if (match === null) return false;
  const name = match[1];
  const custom = worldOf(state)?.customEmojiByName?.(name);
  let meta: EmojiMeta | undefined;
  if (custom !== undefined && !custom.deactivated && isSafeUrl(custom.source_url)) meta = { kind: 'image', name, src: custom.source_url };
  else if (EXTRA_EMOJI_NAMES.has(name)) meta = { kind: 'image', name, src: EXTRA_EMOJI_IMAGE(name) };
  else {
    const code = unicodeEmojiCode(name);
    if (code !== undefined) meta = { kind: 'unicode', name, code };
  }
  return meta !== undefined && pushReference(state, silent, EMOJI_TOKEN, meta, match[0]);
}

/** Emoji typed as characters (sequences like 👍🏽 included); text-style symbols such as ↔ are not emoji here. */
const UNICODE_EMOJI = new RegExp(String.raw`\p{RGI_Emoji}`, 'gv');

/** The tokens a text token becomes when the emoji in it are known ones, else undefined. */
function splitUnicodeEmoji(state: StateCore, text: Token): Token[] | undefined {
  const parts: Token[] = [];
  let last = 0;
  const pushText = (content: string) => {
    if (content === '') return;
    const token = new state.Token('text', '', 0);
    token.content = content;
    parts.push(token);
  };
  for (const match of text.content.matchAll(UNICODE_EMOJI)) {
    const code = unicodeEmojiCodeOfText(match[0]);
    const name = code === undefined ? undefined : unicodeEmojiName(code);
    if (code === undefined || name === undefined) continue;
    pushText(text.content.slice(last, match.index));
    const token = new state.Token(EMOJI_TOKEN, '', 0);
    token.meta = { kind: 'unicode', name, code } satisfies EmojiMeta;
    token.content = match[0];
    parts.push(token);
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return undefined;
  pushText(text.content.slice(last));
  return parts;
}

/** Shows emoji characters the way `:name:` shortcodes are shown, so clients style both alike. */
function unicodeEmojiRule(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || block.children === null) continue;
    block.children = block.children.flatMap((token) => (token.type === 'text' ? (splitUnicodeEmoji(state, token) ?? [token]) : [token]));
  }
}

function emojiHtml(meta: EmojiMeta, escape: (text: string) => string): string {
  const title = escape(meta.name.replace(/_/g, ' '));
  const shortcode = `:${escape(meta.name)}:`;
  if (meta.kind === 'image') return `<img alt="${shortcode}" class="emoji" src="${escape(meta.src)}" title="${title}">`;
  return `<span aria-label="${title}" class="emoji emoji-${meta.code}" role="img" title="${title}">${shortcode}</span>`;
}

export function emojiPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', EMOJI_TOKEN, emojiRule);
  md.core.ruler.push('chat_unicode_emoji', unicodeEmojiRule);
  md.renderer.rules[EMOJI_TOKEN] = (tokens, idx) => emojiHtml(tokens[idx].meta as EmojiMeta, md.utils.escapeHtml);
}
