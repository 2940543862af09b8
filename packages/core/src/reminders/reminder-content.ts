/** The message a reminder is about, as its creator sees it. */
export interface RemindedMessage {
  id: number;
  sender: { user_id: number; full_name: string };
  /** Where a channel message is; null for a direct message. */
  place: { channel_name: string; topic: string } | null;
  content: string;
  /** The message's `near` narrow URL, which the quote's "said" links to. */
  near_url: string;
}

/** Markdown block quote of a text, line by line (code blocks inside stay code blocks). */
const quoted = (text: string): string => text.split('\n').map((line) => (line === '' ? '>' : `> ${line}`)).join('\n');

/**
 * A ```quote fence around a message, as clients quote one: longer than any backtick fence starting a
 * line of the text, so no fence inside ends the quote early (the public server picks it the same way).
 */
export function quoteFence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/^ {0,3}(`{3,})/gm)].map((match) => match[1].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}quote\n${text}\n${fence}`;
}

/**
 * The notification bot's text: a link to the message (channel messages only: a direct conversation has
 * no public place to name), the note quoted, and the message in a ```quote fence under a silent mention of its
 * sender.
 */
export function reminderContent(message: RemindedMessage, note: string): string {
  const parts = [
    message.place
      ? `You requested a reminder for #**${message.place.channel_name}>${message.place.topic}@${message.id}**.`
      : 'You requested a reminder for the following direct message.',
  ];
  if (note !== '') parts.push(`Note:\n${quoted(note)}`);
  parts.push(`@_**${message.sender.full_name}|${message.sender.user_id}** [said](${message.near_url}):\n${quoteFence(message.content)}`);
  return parts.join('\n\n');
}
