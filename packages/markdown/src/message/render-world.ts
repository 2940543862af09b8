import type { Linkifier } from '../linkifiers/linkifier-pattern.js';

/**
 * What the message renderer may know about the organization. The caller gathers it (from read
 * models, usually after asking `possibleReferences` which names the content could refer to) and the
 * renderer only looks things up, so rendering stays a pure function of content and world.
 */

/** A user a mention can name. Deactivated users are rendered, silently (nobody is notified). */
export interface MentionableUser {
  id: number;
  full_name: string;
  is_active: boolean;
}

/** A named user group; system groups are the `role:` ones. */
export interface MentionableGroup {
  id: number;
  name: string;
  is_system_group: boolean;
  deactivated: boolean;
}

export interface LinkableChannel {
  id: number;
  name: string;
}

/** A linkifier: matches of the pattern (RE2 syntax) link to the URL template (RFC 6570) filled with its groups. */
export type { Linkifier } from '../linkifiers/linkifier-pattern.js';

/** An uploaded (realm) emoji; its id is the `emoji_code` of reactions using it. */
export interface CustomEmoji {
  id: string;
  name: string;
  source_url: string;
  deactivated: boolean;
}

export interface RenderWorld {
  /** URL of the organization without a trailing slash; links to it are made relative. */
  realmUrl: string;
  /**
   * Users whose full name equals `name` regardless of case, among those the sender may see. More
   * than one means the name is ambiguous: only `@**Name|id**` can mention them.
   */
  usersByName(name: string): readonly MentionableUser[];
  userById(id: number): MentionableUser | undefined;
  groupByName(name: string): MentionableGroup | undefined;
  channelByName(name: string): LinkableChannel | undefined;
  /** Whether the sender may see the channel's content; only such channels are linked. */
  canLinkChannel(channel: LinkableChannel): boolean;
  /** The realm's custom emoji by name (deactivated ones included, they are not rendered). */
  customEmojiByName?(name: string): CustomEmoji | undefined;
  /** The organization's linkifiers, in processing order. */
  linkifiers?: readonly Linkifier[];
  /** Id of the first message of a topic the sender can read, for the `/with/` link operand. */
  topicFirstMessageId?(channelId: number, topic: string): number | undefined;
  /** How the empty topic is shown in topic links (the realm's `realm_empty_topic_display_name`). */
  emptyTopicDisplayName?: string;
  /** The sender's `translate_emoticons` setting: emoticons such as `:)` are shown as emoji. */
  translateEmoticons?: boolean;
}

/** The message's HTML and the facts about whom it mentions, from which per-user flags are derived. */
export interface RenderedMessage {
  html: string;
  /** Users mentioned directly and not silently, in ascending order. */
  mentioned_user_ids: number[];
  /** Groups mentioned not silently, in ascending order; the caller expands their members. */
  mentioned_group_ids: number[];
  /** `@**all**`, `@**everyone**`, `@**channel**` or `@**stream**`, not silent. */
  stream_wildcard: boolean;
  /** `@**topic**`, not silent. */
  topic_wildcard: boolean;
  /** Content starting with `/me `: clients show it as a status line. */
  is_me_message: boolean;
}
