import { createHash } from 'node:crypto';

/** Stream names: `<category>-<id>`, so analysts can select a category by prefix. */
export const streams = {
  realm: (): string => 'realm',
  user: (userId: number): string => `user-${userId}`,
  /** The guard of the organization's owners: every decision that can take an owner away appends to it. */
  realmOwners: (): string => 'realm-owners',
  userGroup: (groupId: number): string => `usergroup-${groupId}`,
  channelFolder: (folderId: number): string => `channelfolder-${folderId}`,
  channel: (channelId: number): string => `channel-${channelId}`,
  message: (messageId: number): string => `message-${messageId}`,
  /** A user's flag changes, apart from their account so that reading does not contend with it. */
  flags: (userId: number): string => `flags-${userId}`,
  invite: (inviteId: number): string => `invite-${inviteId}`,
  /** An email invitation: its own id space, apart from reusable links. */
  emailInvitation: (inviteId: number): string => `emailinvite-${inviteId}`,
  realmExport: (exportId: number): string => `realmexport-${exportId}`,
  /** One owner's questions to the history tools (the audit of the auditors). */
  historyQueries: (userId: number): string => `historyqueries-${userId}`,
  reminder: (reminderId: number): string => `reminder-${reminderId}`,
  scheduledMessage: (scheduledMessageId: number): string => `scheduledmessage-${scheduledMessageId}`,
  draft: (draftId: number): string => `draft-${draftId}`,
  savedSnippet: (savedSnippetId: number): string => `savedsnippet-${savedSnippetId}`,
  /** A user's navigation views, all on one stream: they are few, and a fragment is unique per user. */
  navigationViews: (userId: number): string => `navigationviews-${userId}`,
  attachment: (attachmentId: number): string => `attachment-${attachmentId}`,
  /** The organization's custom emoji, together: a name may be taken by one active emoji at a time. */
  realmEmoji: (): string => 'realmemoji',
  /** The organization's linkifiers, together: they are ordered, and patterns are unique among them. */
  linkifiers: (): string => 'linkifiers',
  playgrounds: (): string => 'playgrounds',
  /** The pushes sent (or given up) for one message, apart from the message so that pushing never contends with edits. */
  messagePush: (messageId: number): string => `messagepush-${messageId}`,
  /** One user's request id: whether a request under it changed something, and what it answered. */
  request: (userId: number, requestId: string): string =>
    `request-${createHash('sha256').update(`${userId}:${requestId}`).digest('hex').slice(0, 40)}`,
  /**
   * A uniqueness claim: the key is digested so that personal data (an email address) is not spread
   * into stream names, where erasure could not reach it.
   */
  claim: (kind: string, key: string): string =>
    `${kind}claim-${createHash('sha256').update(`${kind}:${key}`).digest('hex').slice(0, 40)}`,
};
