import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import { insideLink, pushReference, worldOf } from './message-env.js';
import { channelNarrowUrl, messageNarrowUrl, topicNarrowUrl } from './narrow-url.js';
import type { RenderWorld } from './render-world.js';
import { CHANNEL_LINK, channelLinkReadings, matchAt } from './syntax.js';

export type ChannelLinkMeta =
  | { kind: 'channel'; channelId: number; name: string }
  | { kind: 'topic'; channelId: number; name: string; topic: string; withMessageId: number | undefined }
  | { kind: 'message'; channelId: number; name: string; topic: string; messageId: number };

const CHANNEL_LINK_TOKEN = 'chat_channel_link';
const DEFAULT_EMPTY_TOPIC_NAME = 'general chat';

/** The first reading of `#**text**` whose channel the sender may see. */
function channelLinkMeta(world: RenderWorld, text: string): ChannelLinkMeta | undefined {
  for (const reading of channelLinkReadings(text)) {
    const channel = world.channelByName(reading.channel);
    if (channel === undefined || !world.canLinkChannel(channel)) continue;
    const { id: channelId, name } = channel;
    switch (reading.kind) {
      case 'channel':
        return { kind: 'channel', channelId, name };
      case 'topic':
        return { kind: 'topic', channelId, name, topic: reading.topic, withMessageId: world.topicFirstMessageId?.(channelId, reading.topic) };
      case 'message':
        return { kind: 'message', channelId, name, topic: reading.topic, messageId: reading.messageId };
    }
  }
  return undefined;
}

/** `#**…**` links; an unknown or invisible channel is left to the other rules, like an unknown name. */
function channelLinkRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x23 /* # */ || insideLink(state)) return false;
  const world = worldOf(state);
  const match = world === undefined ? null : matchAt(CHANNEL_LINK, state.src, state.pos);
  if (world === undefined || match === null) return false;
  const meta = channelLinkMeta(world, match[1]);
  return meta !== undefined && pushReference(state, silent, CHANNEL_LINK_TOKEN, meta, match[0]);
}

function channelLinkHtml(meta: ChannelLinkMeta, world: RenderWorld | undefined, escape: (text: string) => string): string {
  const channel = `#${escape(meta.name)}`;
  const topic =
    meta.kind === 'channel' ? '' : meta.topic === '' ? `<em>${escape(world?.emptyTopicDisplayName ?? DEFAULT_EMPTY_TOPIC_NAME)}</em>` : escape(meta.topic);
  switch (meta.kind) {
    case 'channel':
      return `<a class="stream" data-stream-id="${meta.channelId}" href="${escape(channelNarrowUrl(meta.channelId, meta.name))}">${channel}</a>`;
    case 'topic': {
      const href = topicNarrowUrl(meta.channelId, meta.name, meta.topic, meta.withMessageId);
      return `<a class="stream-topic" data-stream-id="${meta.channelId}" href="${escape(href)}">${channel} &gt; ${topic}</a>`;
    }
    case 'message': {
      const href = messageNarrowUrl(meta.channelId, meta.name, meta.topic, meta.messageId);
      return `<a class="message-link" href="${escape(href)}">${channel} &gt; ${topic} @ 💬</a>`;
    }
  }
}

export function channelLinksPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', CHANNEL_LINK_TOKEN, channelLinkRule);
  md.renderer.rules[CHANNEL_LINK_TOKEN] = (tokens, idx, _options, env) =>
    channelLinkHtml(tokens[idx].meta as ChannelLinkMeta, (env as { world?: RenderWorld }).world, md.utils.escapeHtml);
}
