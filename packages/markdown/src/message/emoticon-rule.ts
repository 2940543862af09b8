import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import { unicodeEmojiCode } from '../emoji/unicode-emoji.js';
import { EMOJI_TOKEN } from './emoji-rule.js';
import { pushReference, worldOf } from './message-env.js';

/** Emoticons and the emoji they become for senders with `translate_emoticons` on, as on the public server. */
const EMOTICONS: Readonly<Record<string, string>> = {
  ':)': 'smile', '(:': 'smile', ':(': 'frown', '<3': 'heart', ':|': 'neutral', ':/': 'confused',
  ';)': 'wink', ':D': 'grinning', ':o': 'open_mouth', ':O': 'open_mouth', ':p': 'stuck_out_tongue', ':P': 'stuck_out_tongue',
};

/** What may stand on either side of an emoticon: the start or end of the text, a space or punctuation. */
const BOUNDARY = new Set(',.;?!()[] "\'\n\t');
const bounded = (char: string | undefined): boolean => char === undefined || BOUNDARY.has(char);

/** An emoticon standing alone is shown as its emoji, when the sender translates emoticons. */
function emoticonRule(state: StateInline, silent: boolean): boolean {
  if (worldOf(state)?.translateEmoticons !== true) return false;
  const emoticon = state.src.slice(state.pos, state.pos + 2);
  const name = EMOTICONS[emoticon];
  if (name === undefined || !bounded(state.src[state.pos - 1]) || !bounded(state.src[state.pos + 2])) return false;
  const code = unicodeEmojiCode(name);
  return code !== undefined && pushReference(state, silent, EMOJI_TOKEN, { kind: 'unicode', name, code }, emoticon);
}

export function emoticonPlugin(md: MarkdownIt): void {
  md.inline.ruler.after(EMOJI_TOKEN, 'chat_emoticon', emoticonRule);
}
