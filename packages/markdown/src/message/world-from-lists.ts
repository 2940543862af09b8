import type { CustomEmoji, Linkifier, LinkableChannel, MentionableGroup, MentionableUser, RenderWorld } from './render-world.js';

export interface RenderWorldLists {
  realmUrl: string;
  /** Users the sender may see (deactivated ones included). */
  users?: readonly MentionableUser[];
  groups?: readonly MentionableGroup[];
  /** Channels that may be linked; narrowed further by `canLinkChannel` when given. */
  channels?: readonly LinkableChannel[];
  canLinkChannel?: (channel: LinkableChannel) => boolean;
  customEmoji?: readonly CustomEmoji[];
  linkifiers?: readonly Linkifier[];
  topicFirstMessageId?: (channelId: number, topic: string) => number | undefined;
  emptyTopicDisplayName?: string;
  translateEmoticons?: boolean;
}

const fold = (name: string) => name.toLowerCase();

/** The first exact match, else the only case-insensitive one. */
function byName<T>(items: readonly T[], nameOf: (item: T) => string, name: string): T | undefined {
  const exact = items.find((item) => nameOf(item) === name);
  if (exact !== undefined) return exact;
  const folded = items.filter((item) => fold(nameOf(item)) === fold(name));
  return folded.length === 1 ? folded[0] : undefined;
}

/** A `RenderWorld` over lists the caller has already gathered (for example from `possibleReferences`). */
export function worldFromLists(lists: RenderWorldLists): RenderWorld {
  const users = lists.users ?? [];
  const groups = lists.groups ?? [];
  const channels = lists.channels ?? [];
  const customEmoji = lists.customEmoji ?? [];
  return {
    realmUrl: lists.realmUrl,
    usersByName: (name) => users.filter((user) => fold(user.full_name) === fold(name)),
    userById: (id) => users.find((user) => user.id === id),
    groupByName: (name) => byName(groups, (group) => group.name, name),
    channelByName: (name) => byName(channels, (channel) => channel.name, name),
    canLinkChannel: lists.canLinkChannel ?? (() => true),
    // Deactivated custom emoji may share a name with the active one, which wins.
    customEmojiByName: (name) => customEmoji.find((emoji) => emoji.name === name && !emoji.deactivated) ?? customEmoji.find((emoji) => emoji.name === name),
    linkifiers: lists.linkifiers ?? [],
    topicFirstMessageId: lists.topicFirstMessageId,
    emptyTopicDisplayName: lists.emptyTopicDisplayName,
    translateEmoticons: lists.translateEmoticons ?? false,
  };
}
