import MarkdownIt from 'markdown-it';
import { channelLinksPlugin } from './channel-link-rule.js';
import { emojiPlugin } from './emoji-rule.js';
import { globalTimePlugin } from './global-time-rule.js';
import { linkifierPlugin } from './linkifier-rule.js';
import { collectMentionFacts } from './mention-facts.js';
import { mentionsPlugin } from './mention-rule.js';
import { bareLinkPlugin } from './autolink-rule.js';
import { codePlugin } from './code-rule.js';
import { emphasisPlugin } from './emphasis-rule.js';
import { zulipFencePlugin } from './fence-rule.js';
import { preprocess } from './preprocess.js';
import { texPlugin } from './tex-rule.js';
import { zulipSyntaxPlugin } from './zulip-syntax.js';
import type { MessageEnv } from './message-env.js';
import type { RenderedMessage, RenderWorld } from './render-world.js';
import { safeLinksPlugin } from './safe-links.js';

/**
 * The message renderer: the public server's Markdown (see zulip-syntax.ts) on markdown-it, raw HTML
 * escaped, with its fenced blocks (quote, spoiler, math, highlighted code), inline math, bare links,
 * bold/italics/strikethrough, plus mentions, channel links, emoji, global times (`<time:…>`) and the
 * organization's linkifiers.
 */
const md = new MarkdownIt({ html: false, linkify: false, breaks: true, typographer: false })
  .use(zulipSyntaxPlugin)
  .use(safeLinksPlugin)
  .use(zulipFencePlugin)
  .use(codePlugin)
  .use(texPlugin)
  .use(emphasisPlugin)
  .use(bareLinkPlugin)
  .use(mentionsPlugin)
  .use(channelLinksPlugin)
  .use(emojiPlugin)
  .use(globalTimePlugin)
  .use(linkifierPlugin);

/** Renders a message's content and says whom it mentions. Pure: everything it knows is in `world`. */
export function renderMessage(content: string, world: RenderWorld): RenderedMessage {
  const env: MessageEnv = { world };
  const tokens = md.parse(preprocess(content), env);
  const facts = collectMentionFacts(tokens);
  const html = md.renderer.render(tokens, md.options, env).trimEnd();
  return { html, ...facts, is_me_message: content.startsWith('/me ') };
}
