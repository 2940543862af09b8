import MarkdownIt from 'markdown-it';
import { channelLinksPlugin } from './channel-link-rule.js';
import { emojiPlugin } from './emoji-rule.js';
import { emoticonPlugin } from './emoticon-rule.js';
import { globalTimePlugin } from './global-time-rule.js';
import { linkifierPlugin } from './linkifier-rule.js';
import { collectMentionFacts } from './mention-facts.js';
import { mentionsPlugin } from './mention-rule.js';
import { bareLinkPlugin } from './autolink-rule.js';
import { codePlugin } from './code-rule.js';
import { emphasisPlugin } from './emphasis-rule.js';
import { zulipFencePlugin } from './fence-rule.js';
import { preprocess } from './preprocess.js';
import { texBudget } from '../math/tex-budget.js';
import { texPlugin } from './tex-rule.js';
import { zulipSyntaxPlugin } from './zulip-syntax.js';
import type { MessageEnv } from './message-env.js';
import type { RenderedMessage, RenderWorld } from './render-world.js';
import { MarkdownRenderingError, MAX_RENDERED_LENGTH } from './rendering-error.js';
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
  .use(emoticonPlugin)
  .use(globalTimePlugin)
  .use(linkifierPlugin);

/**
 * Renders a message's content and says whom it mentions. Pure: everything it knows is in `world`, bar
 * the clock that bounds the time a message of hostile math may take (`now`, see tex-budget.ts).
 * Throws MarkdownRenderingError when the HTML would pass MAX_RENDERED_LENGTH or the renderer breaks.
 */
export function renderMessage(content: string, world: RenderWorld, now?: () => number): RenderedMessage {
  const env: MessageEnv = { world, tex: texBudget(now) };
  let html: string;
  let facts: ReturnType<typeof collectMentionFacts>;
  try {
    const tokens = md.parse(preprocess(content), env);
    facts = collectMentionFacts(tokens);
    html = md.renderer.render(tokens, md.options, env).trimEnd();
  } catch (error) {
    throw new MarkdownRenderingError('the renderer failed on this content', { cause: error });
  }
  if (html.length > MAX_RENDERED_LENGTH) throw new MarkdownRenderingError(`the rendered content would exceed ${MAX_RENDERED_LENGTH} characters`);
  return { html, ...facts, is_me_message: content.startsWith('/me ') };
}
