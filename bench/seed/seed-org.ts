import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { type ChannelTarget, decideSendMessage, type RenderedContent, streams } from '@chat/core';
import { hasAlertWord, renderMessage, worldFromLists } from '@chat/markdown';
import { REALM_KEY } from '@chat/projections';
import { channelContext } from '../../services/api/src/actions/channel-context.js';
import { createUser } from '../../services/api/src/actions/create-user.js';
import { subscribe } from '../../services/api/src/actions/subscriptions.js';
import { bootstrapOrganization } from '../../services/api/src/bootstrap.js';
import { closeContext, composeServer } from '../../services/api/src/compose.js';
import { configFromEnv } from '../../services/api/src/config.js';
import type { OrgSize, SeededChannel, SeededOrg, SeededUser } from './seeded-org.js';

export const OWNER_EMAIL = 'owner@bench.example';
export const OWNER_PASSWORD = 'bench-owner-password';

const NEW_CHANNEL = {
  invite_only: false,
  is_web_public: false,
  history_public_to_subscribers: null,
  message_retention_days: null,
  topics_policy: 'inherit' as const,
  folder_id: null,
  is_default: false,
  settings: {},
};

/**
 * Runs `work` for 0…count-1, `batch` at a time: the appends of one batch share a commit (the log
 * commits together what arrives in one turn), so seeding pays one disk flush per batch, not per event.
 */
async function inBatches<T>(count: number, batch: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += batch) {
    const indexes = Array.from({ length: Math.min(batch, count - start) }, (_, k) => start + k);
    results.push(...(await Promise.all(indexes.map(work))));
  }
  return results;
}

const progress = (what: string, done: number, total: number): void => {
  if (done % Math.max(1, Math.floor(total / 10)) === 0) process.stderr.write(`  seed: ${what} ${done}/${total}\n`);
};

/**
 * Writes an organization into an empty data directory through the server's own actions (users,
 * channels, subscriptions) and deciders (messages: decided and appended as POST /messages would,
 * without HTTP), then writes `bench-org.json` describing it for the scenarios.
 */
async function seed(dataDir: string, size: OrgSize): Promise<void> {
  // CHAT_LOG_SEALING=off seeds a log written as before sealing (the sealing_cost scenario's comparison).
  const sealing = process.env.CHAT_LOG_SEALING ?? 'on';
  const config = configFromEnv({ DATA_DIR: dataDir, PORT: '0', CHAT_OWNER_EMAIL: OWNER_EMAIL, CHAT_OWNER_PASSWORD: OWNER_PASSWORD, CHAT_SCRYPT_COST: '1024', CHAT_LOG_SEALING: sealing });
  const ctx = await composeServer(config, { log: pino({ level: 'warn' }) });
  await bootstrapOrganization(ctx);
  const owner = await ctx.models.users.findOne('email', OWNER_EMAIL);
  if (!owner) throw new Error('no owner');
  const origin = (n: string) => ({ actorId: owner.user_id, requestId: `seed-${n}`, client: 'bench-seed' });

  const users: SeededUser[] = await inBatches(size.users, 50, async (i) => {
    const email = `user${i}@bench.example`;
    const id = await createUser(ctx, origin(`user-${i}`), { email, password: null, full_name: `Bench User ${i}`, join_default_channels: false });
    const created = await ctx.models.users.get(id);
    if (!created) throw new Error(`user ${email} missing`);
    progress('users', i + 1, size.users);
    return { id, email, apiKey: ctx.apiKeys.keyFor(id, created.api_key_generation) };
  });

  // Channel c has the 30 users starting at (30 c) mod n: every user is in a few channels.
  const channels: SeededChannel[] = [];
  for (let c = 0; c < size.channels; c++) {
    const members = Array.from({ length: size.subscribersPerChannel }, (_, k) => users[(c * size.subscribersPerChannel + k) % users.length].id);
    const name = `channel ${c}`;
    await subscribe(ctx, origin(`channel-${c}`), owner.user_id, { channels: [{ name }], principals: members, authorization_errors_fatal: true, options: NEW_CHANNEL });
    const created = await ctx.models.channels.findOne('name_key', name);
    if (!created) throw new Error(`channel ${name} missing`);
    channels.push({ id: created.channel_id, name, subscribers: members });
    progress('channels', c + 1, size.channels);
  }
  const everyone = users.slice(0, size.fanoutSubscribers).map((user) => user.id);
  await subscribe(ctx, origin('fanout'), owner.user_id, { channels: [{ name: 'everyone' }], principals: everyone, authorization_errors_fatal: true, options: NEW_CHANNEL });
  const fanout = await ctx.models.channels.findOne('name_key', 'everyone');
  if (!fanout) throw new Error('fanout channel missing');

  // One busy channel: `firehoseMessages` in a row, unread for everyone but their sender (mark-read scenario).
  const firehoseMembers = users.slice(0, size.subscribersPerChannel).map((user) => user.id);
  await subscribe(ctx, origin('firehose'), owner.user_id, { channels: [{ name: 'firehose' }], principals: firehoseMembers, authorization_errors_fatal: true, options: NEW_CHANNEL });
  const firehose = await ctx.models.channels.findOne('name_key', 'firehose');
  if (!firehose) throw new Error('firehose channel missing');
  const realm = await ctx.models.realm.get(REALM_KEY);
  if (!realm) throw new Error('no realm');
  const cc = await channelContext(ctx, owner.user_id);
  const world = worldFromLists({ realmUrl: config.externalUrl });
  const render = (content: string): RenderedContent => renderMessage(content, world);
  const topicSenders = new Map<string, Set<number>>();
  /** Decides and appends one channel message as POST /messages would; returns its id. */
  const send = async (channel: SeededChannel, senderId: number, topic: string, content: string, requestId: string): Promise<number> => {
    const sender = cc.users.get(senderId);
    if (!sender) throw new Error('sender missing');
    const key = `${channel.id}:${topic}`;
    const senders = topicSenders.get(key) ?? new Set<number>();
    const target: ChannelTarget = {
      type: 'channel',
      requested: channel.name,
      channel: cc.channels.get(channel.id),
      subscribers: channel.subscribers,
      topic,
      topicParticipants: [...senders],
      topicPolicies: new Map(),
      senderMutedChannel: false,
    };
    const message_id = await ctx.ids.next('message');
    const decision = decideSendMessage(
      { ...cc, sender, settings: realm.settings, alertWords: new Map(), mutedBy: new Set() },
      { message_id, target, content, render, hasAlertWord, read_by_sender: true },
    );
    senders.add(senderId);
    topicSenders.set(key, senders);
    await ctx.bus.commit({ actorId: senderId, requestId, client: 'bench-seed' }, [
      { stream: streams.message(message_id), expected: 'no_stream', events: [decision.sent] },
    ]);
    return message_id;
  };
  await inBatches(size.messages, 200, async (m) => {
    const channel = channels[m % channels.length];
    const topic = `topic ${(m >> 4) % 8}`;
    await send(channel, channel.subscribers[m % channel.subscribers.length], topic, `Message ${m} about **things** in ${topic}`, `seed-message-${m}`);
    progress('messages', m + 1, size.messages);
  });

  const firehoseChannel: SeededChannel = { id: firehose.channel_id, name: 'firehose', subscribers: firehoseMembers };
  const firehoseIds = await inBatches(size.firehoseMessages, 200, async (m) => {
    progress('firehose', m + 1, size.firehoseMessages);
    return send(firehoseChannel, firehoseMembers[0], 'stream of news', `News item ${m}`, `seed-firehose-${m}`);
  });

  const org: SeededOrg = {
    size,
    owner: { email: OWNER_EMAIL, password: OWNER_PASSWORD },
    users,
    channels,
    fanoutChannel: { id: fanout.channel_id, name: 'everyone', subscribers: everyone },
    firehose: { channel: firehoseChannel, messageIds: firehoseIds, reader: users[1] },
    events: await ctx.store.headPosition(),
  };
  writeFileSync(join(dataDir, 'bench-org.json'), JSON.stringify(org));
  await closeContext(ctx);
}

const [dataDir, sizeJson] = process.argv.slice(2);
seed(dataDir, JSON.parse(sizeJson) as OrgSize).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`seed failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
