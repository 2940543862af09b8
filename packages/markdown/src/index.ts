export { renderMarkdown } from './render.js';
export { renderMessage } from './message/render-message.js';
export { MarkdownRenderingError, MAX_RENDERED_LENGTH } from './message/rendering-error.js';
export type { CustomEmoji, Linkifier, LinkableChannel, MentionableGroup, MentionableUser, RenderedMessage, RenderWorld } from './message/render-world.js';
export { worldFromLists, type RenderWorldLists } from './message/world-from-lists.js';
export { possibleReferences, type PossibleReferences } from './message/possible-references.js';
export { channelNarrowUrl, encodeHashComponent, messageNarrowUrl, topicNarrowUrl } from './message/narrow-url.js';
export { isSafeUrl } from './message/safe-links.js';
export {
  emojiByName,
  emojiProblem,
  EXTRA_EMOJI_NAMES,
  isValidEmoji,
  normalizeReactionType,
  type EmojiIdentity,
  type ReactionType,
} from './emoji/emoji-identity.js';
export { emojiCodeOf, unicodeEmojiCode, unicodeEmojiCodeOfText, unicodeEmojiCodeToNames, unicodeEmojiName, unicodeEmojiNames } from './emoji/unicode-emoji.js';
export { alertWordHits, hasAlertWord } from './alert-words.js';
export { linkifierPatternGroups } from './linkifiers/linkifier-pattern.js';
export { topicLinks, type TopicLink } from './linkifiers/topic-links.js';
