import MarkdownIt from 'markdown-it';
import { channelLinksPlugin } from './channel-link-rule.js';
import { emojiPlugin } from './emoji-rule.js';
import { globalTimePlugin } from './global-time-rule.js';
import { linkifierPlugin } from './linkifier-rule.js';
import { collectMentionFacts } from './mention-facts.js';
import { mentionsPlugin } from './mention-rule.js';
import { quoteFencePlugin } from './quote-fence-rule.js';
import type { MessageEnv } from './message-env.js';
import type { RenderedMessage, RenderWorld } from './render-world.js';
import { safeLinksPlugin } from './safe-links.js';

/**
 * The message renderer: CommonMark with tables and strikethrough, bare URLs linked, single line
 * breaks kept, raw HTML escaped (html: false), plus mentions, channel links, emoji, global times (`<time:…>`), the organization's linkifiers and ```quote fences.
 */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false })
  .use(safeLinksPlugin)
  .use(quoteFencePlugin)
  .use(mentionsPlugin)
  .use(channelLinksPlugin)
  .use(emojiPlugin)
  .use(globalTimePlugin)
  .use(linkifierPlugin);

/** Renders a message's content and says whom it mentions. Pure: everything it knows is in `world`. */
export function renderMessage(content: string, world: RenderWorld): RenderedMessage {
  const env: MessageEnv = { world };
  const tokens = md.parse(content, env);
  const facts = collectMentionFacts(tokens);
  const html = md.renderer.render(tokens, md.options, env).trimEnd();
  return { html, ...facts, is_me_message: content.startsWith('/me ') };
}
