import { badRequest } from '../errors.js';
import type { UserState } from '../users/user-state.js';
import { silentMention } from './bot-messages.js';
import type { MessageState } from './message-state.js';
import type { NoticeDraft } from './move-notices.js';

/** Why a message may be reported, with the words the report gives each reason. */
export const REPORT_REASONS = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate content',
  norms: 'Violates community norms',
  other: 'Other reason',
} as const;

export type ReportType = keyof typeof REPORT_REASONS;

/** The longest explanation a report may carry. */
export const MAX_REPORT_DESCRIPTION_LENGTH = 1000;

/** The reported content is cut so that the whole report stays within a message's length. */
const MAX_REPORTED_SNIPPET_LENGTH = 10000 - MAX_REPORT_DESCRIPTION_LENGTH - 500;

export interface MessageReport {
  reporter: UserState;
  message: MessageState;
  sender: Pick<UserState, 'user_id' | 'full_name'>;
  /** The people of a direct message other than its sender (none for a channel message). */
  otherRecipients: readonly Pick<UserState, 'user_id' | 'full_name'>[];
  channel: { channel_id: number; name: string; topics_policy: string };
  /** The reported message's channel name, for a channel message. */
  messageChannelName: string | null;
  report_type: ReportType;
  description: string;
  /** The organization's URL without a trailing slash, for links to direct messages. */
  realmUrl: string;
}

/** Refuses a report that says nothing of an "other" reason, and reports where nobody reviews them. */
export function checkReport(reportType: ReportType, description: string, moderationChannelId: number): void {
  if (reportType === 'other' && description === '') throw badRequest('An explanation is required.');
  if (moderationChannelId < 0) throw badRequest('Moderation request channel must be specified to enable message reporting.');
}

/** A fence of backticks longer than any the content holds, so the content cannot close it. */
function unusedFence(content: string): string {
  let length = 3;
  for (const match of content.matchAll(/^ {0,3}(`{3,})/gm)) length = Math.max(length, match[1].length + 1);
  return '`'.repeat(length);
}

const globalTime = (ms: number): string => `<time:${new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')}>`;

function truncated(content: string): string {
  if (content.length <= MAX_REPORTED_SNIPPET_LENGTH) return content;
  const marker = '\n[message truncated]';
  return content.slice(0, MAX_REPORTED_SNIPPET_LENGTH - marker.length) + marker;
}

/** Who a report says the message went to, beside its sender. */
function header(report: MessageReport): string {
  const { reporter, sender, message, otherRecipients } = report;
  const at = globalTime(message.date_sent);
  const opening = `${silentMention(reporter)} reported a message sent by ${silentMention(sender)}`;
  if (message.recipient.type === 'channel') return `${opening} at ${at}.`;
  if (otherRecipients.length === 1 && sender.user_id !== reporter.user_id) return `${opening} at ${at}.`;
  const to = otherRecipients.length === 0 ? [sender] : otherRecipients;
  return `${opening} to ${to.map(silentMention).join(', ')} at ${at}.`;
}

/**
 * The notice a report posts to the moderation request channel, in the topic "<sender> moderation"
 * (or the empty topic where the channel allows only that): who reported whom, the reason and
 * explanation quoted, and the reported message behind a spoiler with a link to it.
 */
export function messageReportDraft(report: MessageReport): NoticeDraft {
  const { message } = report;
  const original = message.recipient.type === 'channel'
    ? `Original message at #**${report.messageChannelName ?? ''}>${message.recipient.topic}@${message.id}**`
    : `[Original message](${report.realmUrl}/#narrow/dm/${message.recipient.user_ids.join(',')}/near/${message.id})`;
  const snippet = truncated(message.content);
  const fence = unusedFence(snippet);
  const content = [
    header(report),
    '```quote',
    `**${REPORT_REASONS[report.report_type]}**. ${report.description}`,
    '```',
    '',
    `${fence} spoiler ${original}`,
    snippet,
    fence,
  ].join('\n');
  const topic = report.channel.topics_policy === 'empty_topic_only' ? '' : `${report.sender.full_name} moderation`;
  return { place: { channel_id: report.channel.channel_id, topic }, content, read: { only: [] } };
}
