import type { ApiClient } from './api-client.js';
import { createChannels, unsubscribe } from './channel-requests.js';
import { edited } from './edit-requests.js';
import { updateFlags } from './flag-requests.js';
import { deleteMessage, react, unreact } from './message-change-requests.js';
import { postDirect, postToChannel } from './message-requests.js';
import { expectSuccess } from './response-assertions.js';

/** Who acts in the message history. */
export interface MessageCast {
  /** The organization's owner: in every channel, moves and deletes. */
  owner: ApiClient;
  /** Whose state a test watches: the owner or the member. */
  viewer: ApiClient;
  /** A member kept out of the private channels. */
  member: ApiClient;
  /** Another user, in the private channels, who may move topics. */
  newbie: ApiClient;
}

/** Messages of the history a test may look for afterwards. */
export interface MessageHistoryIds {
  /** Moved into the private channel the member is not in (so the member lost them). */
  secret: number[];
  /** Moved from the member's channel into the private channel with protected history. */
  corner: number[];
  /** Deleted where the member sees them. */
  deleted: number[];
  /** Deleted after it moved into the public channel the member is not subscribed to. */
  deletedInArchive: number;
}

const noNotice = { send_notification_to_new_thread: false };

/**
 * A realistic stretch of messaging, made through the API and marked by `serial` so that it can run
 * more than once on one server:
 * - channel and direct messages (one-to-one, group, to oneself; the empty topic) with mentions, a
 *   wildcard and an alert word ("deploy <serial>");
 * - the viewer's flag changes (read, unread, starred, collapsed, stars on messages read from public
 *   history) and reactions;
 * - content edits; topic moves in each propagate mode (with and without notices, one with a content
 *   edit, into and out of the empty topic); resolving;
 * - channel moves into a public channel the member is not subscribed to, into a private channel the
 *   member cannot read, and into a private channel with protected history (the owner, not in the
 *   channel the messages left, gains them);
 * - the viewer's topic visibility policies; deletions (the newest message of a direct conversation,
 *   and of everyone's history, among them); leaving a channel with unread messages.
 */
export async function messageHistory(cast: MessageCast, serial: number): Promise<MessageHistoryIds> {
  const { owner, viewer, member, newbie } = cast;
  const peer = viewer.userId === owner.userId ? member : owner;
  const [talk, archive, secret, locked] = [`Talk ${serial}`, `Archive ${serial}`, `Secret ${serial}`, `Locked ${serial}`];
  const [talkId] = await createChannels(owner, [talk], { principals: [owner.userId, member.userId, newbie.userId] });
  const [archiveId] = await createChannels(owner, [archive]);
  const [secretId] = await createChannels(owner, [secret], { invite_only: true, principals: [owner.userId, newbie.userId] });
  const [lockedId] = await createChannels(owner, [locked], { invite_only: true, history_public_to_subscribers: false, principals: [owner.userId, newbie.userId] });
  await createChannels(member, [`Corner ${serial}`], { principals: [member.userId, newbie.userId] });
  // Whatever the organization's policy, the empty topic may be used here.
  expectSuccess(await owner.patch(`/streams/${talkId}`, { topics_policy: 'allow_empty_topic' }));

  // Sends.
  const hungry = await postToChannel(newbie, talk, 'lunch', 'Who is hungry?');
  const pizza = await postToChannel(peer, talk, 'lunch', 'Pizza for @**all**?');
  const ask = await postToChannel(newbie, talk, 'lunch', `@**|${viewer.userId}** coming?`);
  const deploy = await postToChannel(newbie, talk, 'plans', `deploy ${serial} tonight`);
  const ok = await postToChannel(peer, talk, 'plans', 'ok');
  const later = await postToChannel(member, talk, 'plans', 'later');
  const moving = [await postToChannel(newbie, talk, 'moving', 'one'), await postToChannel(peer, talk, 'moving', 'two'), await postToChannel(newbie, talk, 'moving', 'three')];
  const hushed = [await postToChannel(newbie, talk, 'secret plans', 'hush'), await postToChannel(peer, talk, 'secret plans', 'hushed')];
  await postToChannel(newbie, archive, 'history', 'old stuff');
  const blank = [await postToChannel(newbie, talk, '', 'no topic here'), await postToChannel(peer, talk, '', 'nor here')];
  const corner = [await postToChannel(member, `Corner ${serial}`, 'corner', 'hi'), await postToChannel(newbie, `Corner ${serial}`, 'corner', 'hello')];
  const hello = await postDirect(newbie, [viewer.userId], 'hi there');
  await postDirect(viewer, [newbie.userId], 'hello back');
  await postDirect(peer, [viewer.userId], 'ping');
  const pingAgain = await postDirect(peer, [viewer.userId], 'ping again');
  await postDirect(newbie, [viewer.userId, peer.userId], 'group hi');
  await postDirect(peer, [viewer.userId, newbie.userId], 'group reply');
  await postDirect(viewer, [viewer.userId], 'note to self');

  // The viewer's flags, and reactions.
  for (const [ids, op, flag] of [[[hungry, hello], 'add', 'read'], [[ok, corner[1]], 'add', 'starred'], [[pizza], 'add', 'read'], [[pizza], 'remove', 'read'], [[deploy], 'add', 'collapsed']] as const) {
    expectSuccess(await updateFlags(viewer, [...ids], op, flag));
  }
  expectSuccess(await react(viewer, hungry, { emoji_name: 'tada' }));
  expectSuccess(await react(viewer, corner[0], { emoji_name: 'wave' }));
  expectSuccess(await react(newbie, ask, { emoji_name: 'thumbs_up' }));
  expectSuccess(await unreact(viewer, hungry, { emoji_name: 'tada' }));

  // Edits and moves.
  await edited(newbie, deploy, { content: `deploy ${serial} tonight, @**|${viewer.userId}** please` });
  await edited(peer, ok, { content: 'ok then' });
  await edited(owner, moving[0], { topic: 'moved one', propagate_mode: 'change_one' });
  await edited(owner, moving[1], { topic: 'moved later', propagate_mode: 'change_later', send_notification_to_old_thread: true });
  await edited(owner, ok, { topic: 'schedule', propagate_mode: 'change_all', ...noNotice });
  await edited(newbie, ask, { topic: 'rsvp', content: `@**|${viewer.userId}** coming? Answer here.`, propagate_mode: 'change_one', ...noNotice });
  await edited(owner, pizza, { topic: '✔ lunch', propagate_mode: 'change_all' });
  await edited(owner, blank[1], { topic: 'titled', propagate_mode: 'change_one', ...noNotice });
  await edited(owner, hungry, { topic: '', propagate_mode: 'change_one', ...noNotice });
  expectSuccess(await updateFlags(viewer, [hungry], 'remove', 'read'));
  await edited(owner, moving[1], { stream_id: archiveId, propagate_mode: 'change_all' });
  await edited(owner, hushed[0], { stream_id: secretId, propagate_mode: 'change_all', ...noNotice });
  await edited(owner, corner[0], { stream_id: lockedId, propagate_mode: 'change_all', ...noNotice });

  // The viewer mutes, follows and unmutes topics; a message arrives in the muted one.
  expectSuccess(await viewer.post('/user_topics', { stream_id: talkId, topic: 'schedule', visibility_policy: 1 }));
  expectSuccess(await viewer.post('/user_topics', { stream_id: talkId, topic: '✔ lunch', visibility_policy: 3 }));
  expectSuccess(await viewer.post('/user_topics', { stream_id: talkId, topic: '', visibility_policy: 2 }));
  const news = await postToChannel(newbie, talk, 'schedule', 'news nobody hears');

  // The last deletion takes the newest message of everyone's history.
  for (const id of [later, pingAgain, moving[1], news]) expectSuccess(await deleteMessage(owner, id));
  // Then the newest messages move: out of the member's history (into Archive), and out of the member's
  // channel into Locked, where the owner, not in that channel, gains them (protected history).
  await edited(owner, await postToChannel(newbie, talk, 'outbox', 'for the archive'), { stream_id: archiveId, propagate_mode: 'change_one', ...noNotice });
  await edited(owner, await postToChannel(member, `Corner ${serial}`, 'late', 'after hours'), { stream_id: lockedId, propagate_mode: 'change_one', ...noNotice });
  // The viewer stars a message of a channel they are not in (it enters their history), and it moves to
  // another channel they are not in: it leaves their history again, and they must hear of that.
  const [annexId] = await createChannels(owner, [`Annex ${serial}`]);
  const starred = await postToChannel(newbie, archive, 'history', 'newer stuff');
  expectSuccess(await updateFlags(viewer, [starred], 'add', 'starred'));
  await edited(owner, starred, { stream_id: annexId, propagate_mode: 'change_one', ...noNotice });
  // Leaving a channel marks its messages read.
  const lounge = `Lounge ${serial}`;
  await createChannels(owner, [lounge], { principals: [...new Set([owner.userId, viewer.userId, newbie.userId])] });
  await postToChannel(newbie, lounge, 'idle', 'anyone?');
  expectSuccess(await unsubscribe(viewer, [lounge]));
  return { secret: hushed, corner, deleted: [later, pingAgain, news], deletedInArchive: moving[1] };
}
