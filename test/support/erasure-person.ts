import type { ApiClient } from './api-client.js';
import { acceptLink } from './invite-requests.js';
import { postDirect, postToChannel } from './message-requests.js';
import { uniqueToken } from './raw-scan.js';
import { scheduleReminder, secondsFromNow } from './reminder-requests.js';
import { expectSuccess } from './response-assertions.js';
import { scheduledId, scheduleToChannel } from './scheduled-message-requests.js';
import type { TestServer } from './test-server.js';
import { uploaded } from './upload-requests.js';

/** Unique words in everything personal a person leaves behind, to look for afterwards. */
export interface PersonTokens {
  name: string;
  renamed: string;
  email: string;
  profile: string;
  alert: string;
  status: string;
  /** A file their message links, and one nothing links. */
  linkedFile: string;
  loneFile: string;
  channelMessage: string;
  directMessage: string;
  groupMessage: string;
  draft: string;
  snippet: string;
  scheduled: string;
  reminderNote: string;
}

export const personTokens = (label: string): PersonTokens => ({
  name: uniqueToken(`${label}name`),
  renamed: uniqueToken(`${label}renamed`),
  email: uniqueToken(`${label}mail`),
  profile: uniqueToken(`${label}profile`),
  alert: uniqueToken(`${label}alert`),
  status: uniqueToken(`${label}status`),
  linkedFile: uniqueToken(`${label}linkedfile`),
  loneFile: uniqueToken(`${label}lonefile`),
  channelMessage: uniqueToken(`${label}channel`),
  directMessage: uniqueToken(`${label}direct`),
  groupMessage: uniqueToken(`${label}group`),
  draft: uniqueToken(`${label}draft`),
  snippet: uniqueToken(`${label}snippet`),
  scheduled: uniqueToken(`${label}scheduled`),
  reminderNote: uniqueToken(`${label}reminder`),
});

/** What a person made, by id, for checks after their erasure. */
export interface PersonTrail {
  client: ApiClient;
  email: string;
  channelMessage: number;
  directMessage: number;
  /** Their message to `peer` and `third` together. */
  groupMessage: number;
  /** What `peer` wrote to them alone, and to them with `third`. */
  directFromPeer: number;
  groupFromPeer: number;
  /** `peer`'s reminder quoting their channel message. */
  peerReminder: number;
}

export interface PersonSetting {
  server: TestServer;
  channelId: number;
  profileFieldId: number;
  peer: ApiClient;
  third: ApiClient;
}

/**
 * A person invited by email who then leaves a trace in every place that holds personal data: name
 * (and a rename), address, profile value, alert word, status, settings, a push token, an answer kept
 * for a retried request, files, channel and direct messages, a draft, a snippet, a scheduled message
 * and a reminder; `peer` writes to them and quotes them in a reminder. Deactivated at the end, told
 * by mail.
 */
export async function personWithEverything(setting: PersonSetting, tokens: PersonTokens): Promise<PersonTrail> {
  const { server, channelId, peer, third } = setting;
  const email = `${tokens.email}@people.example`;
  expectSuccess(await server.owner.post('/invites', { invitee_emails: email, stream_ids: JSON.stringify([channelId]) }));
  const mail = server.mailer.sent.filter((each) => each.to === email).at(-1);
  const key = mail && /\/join\/([A-Za-z0-9_-]{24,})\//.exec(mail.body)?.[1];
  if (!key) throw new Error(`no invitation mail to ${email}`);
  const password = `pw-${tokens.email}`;
  expectSuccess(await acceptLink(server, key, { email, password, full_name: `Pat ${tokens.name}` }));
  const client = await server.anonymous.login(email, password);
  expectSuccess(await client.patch('/settings', { full_name: `Pat ${tokens.renamed}`, timezone: 'Europe/Paris', enter_sends: true }));
  expectSuccess(await server.owner.patch(`/users/${client.userId}`, { profile_data: JSON.stringify([{ id: setting.profileFieldId, value: `desk ${tokens.profile}` }]) }));
  expectSuccess(await client.post('/users/me/alert_words', { alert_words: JSON.stringify([tokens.alert]) }));
  expectSuccess(await client.post('/users/me/status', { status_text: tokens.status }));
  expectSuccess(await client.post('/users/me/android_gcm_reg_id', { token: `fcm-${tokens.status}` }));
  const linked = await uploaded(client, `${tokens.linkedFile}.txt`, 'linked bytes');
  await uploaded(client, `${tokens.loneFile}.txt`, 'lonely bytes');
  const channelMessage = await postToChannel(client, channelId, 'erasure', `${tokens.channelMessage} [file](${linked.url})`);
  const directMessage = await postDirect(client, [peer.userId], tokens.directMessage);
  const groupMessage = await postDirect(client, [peer.userId, third.userId], tokens.groupMessage);
  const directFromPeer = await postDirect(peer, [client.userId], 'a word for you alone');
  const groupFromPeer = await postDirect(peer, [client.userId, third.userId], 'a word for you both');
  expectSuccess(await client.post('/drafts', { drafts: JSON.stringify([{ type: 'stream', to: [channelId], topic: 'later', content: tokens.draft, timestamp: 1_700_000_000 }]) }));
  // Sent with a request id: the answer kept for a retry (RequestAnswered) is theirs too.
  const snippet = new URLSearchParams({ title: 'mine', content: tokens.snippet });
  expectSuccess(await client.request('POST', '/saved_snippets', snippet, { 'X-Request-Id': `erasure-snippet-${client.userId}` }));
  scheduledId(await scheduleToChannel(client, channelId, 'later', tokens.scheduled, secondsFromNow(server, 3600)));
  await scheduleReminder(client, channelMessage, secondsFromNow(server, 3600), { note: tokens.reminderNote });
  const peerReminder = await scheduleReminder(peer, channelMessage, secondsFromNow(server, 3600), { note: 'remember what Pat said' });
  expectSuccess(await server.owner.delete(`/users/${client.userId}`, { deactivation_notification_comment: `Goodbye ${tokens.renamed}` }));
  return { client, email, channelMessage, directMessage, groupMessage, directFromPeer, groupFromPeer, peerReminder };
}

/** The tokens that go with the person in every mode (their message texts stay when their messages are kept). */
export const personalTokens = (tokens: PersonTokens): string[] => [tokens.name, tokens.renamed, tokens.email, tokens.profile, tokens.alert, tokens.status, tokens.loneFile, tokens.draft, tokens.snippet, tokens.scheduled, tokens.reminderNote];

/** The tokens of what they wrote and linked, which go too when their messages are deleted with them. */
export const messageTokens = (tokens: PersonTokens): string[] => [tokens.linkedFile, tokens.channelMessage, tokens.directMessage, tokens.groupMessage];
