import { inLinkifierOrder, type LinkifierState, type PlaygroundState, type RealmEmojiState, realmEmojiUrl } from '@chat/core';

/** A custom emoji as clients receive it; its id is a string, as reactions' `emoji_code` is. */
export const realmEmojiView = (emoji: RealmEmojiState): Record<string, unknown> => ({
  id: String(emoji.id),
  name: emoji.name,
  source_url: realmEmojiUrl(emoji.file_name),
  // No still image is made of animated emoji, so there is none to name.
  still_url: null,
  deactivated: emoji.deactivated,
  author_id: emoji.author_id,
});

/** Every custom emoji by id (GET /realm/emoji, register's realm_emoji, the realm_emoji event). */
export const realmEmojiDict = (emoji: readonly RealmEmojiState[]): Record<string, unknown> =>
  Object.fromEntries([...emoji].sort((a, b) => a.id - b.id).map((one) => [String(one.id), realmEmojiView(one)]));

/** The linkifiers in processing order (GET /realm/linkifiers, register's realm_linkifiers, the realm_linkifiers event). */
export const linkifierList = (linkifiers: readonly LinkifierState[]): Record<string, unknown>[] =>
  inLinkifierOrder(linkifiers).map(({ pattern, url_template, id }) => ({ pattern, url_template, id }));

/** The code playgrounds by id (register's realm_playgrounds, the realm_playgrounds event). */
export const playgroundList = (playgrounds: readonly PlaygroundState[]): Record<string, unknown>[] =>
  [...playgrounds].sort((a, b) => a.id - b.id).map(({ id, name, pygments_language, url_template }) => ({ id, name, pygments_language, url_template }));
