/**
 * The web app's narrow URLs, as channel and topic links carry them: `/#narrow/channel/<id>-<name>`
 * with each component percent-encoded and then `%` written as `.` (and `.` as `.2E`), so a link
 * survives being pasted into places that mangle percent signs.
 */
export const encodeHashComponent = (text: string): string =>
  encodeURIComponent(text)
    .replace(/[!'()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/[%.]/g, (char) => (char === '%' ? '.' : '.2E'));

export const channelSlug = (channelId: number, name: string): string =>
  `${channelId}-${encodeHashComponent(name.replace(/ /g, '-'))}`;

export const channelNarrowUrl = (channelId: number, name: string): string =>
  `/#narrow/channel/${channelSlug(channelId, name)}`;

export const topicNarrowUrl = (channelId: number, name: string, topic: string, withMessageId?: number): string => {
  const url = `${channelNarrowUrl(channelId, name)}/topic/${encodeHashComponent(topic)}`;
  return withMessageId === undefined ? url : `${url}/with/${withMessageId}`;
};

export const messageNarrowUrl = (channelId: number, name: string, topic: string, messageId: number): string =>
  `${channelNarrowUrl(channelId, name)}/topic/${encodeHashComponent(topic)}/near/${messageId}`;
