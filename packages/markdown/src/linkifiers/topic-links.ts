import MarkdownIt from 'markdown-it';
import { type Linkifier, linkifierMatches, linkifierRegex, linkifierUrl } from './linkifier-pattern.js';
import { isSafeUrl } from '../message/safe-links.js';

/** A link in a topic name, as message records carry it in `topic_links`. */
export interface TopicLink {
  text: string;
  url: string;
}

interface Found extends TopicLink {
  start: number;
  end: number;
}

const { linkify } = new MarkdownIt({ linkify: true });

/**
 * The links in a topic name, as the public API computes `topic_links`: each linkifier's matches in
 * the linkifiers' order, then bare URLs (given https when they have no scheme); a match overlapping
 * one found before is dropped; the result is in the order the links appear.
 */
export function topicLinks(topic: string, linkifiers: readonly Linkifier[]): TopicLink[] {
  const found: Found[] = [];
  const overlaps = (start: number, end: number) => found.some((other) => start < other.end && other.start < end);
  for (const linkifier of linkifiers) {
    const regex = linkifierRegex(linkifier.pattern);
    if (regex === null) continue;
    for (const match of linkifierMatches(regex, topic)) {
      const url = linkifierUrl(linkifier.url_template, match.groups);
      if (isSafeUrl(url) && !overlaps(match.start, match.end)) found.push({ text: topic.slice(match.start, match.end), url, start: match.start, end: match.end });
    }
  }
  for (const match of linkify.match(topic) ?? []) {
    // Only web links: an email address in a topic stays text.
    if (match.schema === 'mailto:') continue;
    const url = match.schema === '' ? `https://${match.raw}` : match.url;
    if (!overlaps(match.index, match.lastIndex)) found.push({ text: match.raw, url, start: match.index, end: match.lastIndex });
  }
  return found.sort((a, b) => a.start - b.start).map(({ text, url }) => ({ text, url }));
}
