import type { ReadModels } from '@chat/projections';

/** Which messages, users and channels to ask a messages store about. */
export interface MessageKeys {
  messageIds: readonly number[];
  userIds: readonly number[];
  channelIds: readonly number[];
}

/** A map as a plain object, so that chai compares it by content. */
const plain = <V>(map: Map<number, V>): Record<string, V> => Object.fromEntries([...map].map(([key, value]) => [String(key), value]));

/** Runs `read` for each key and lists the answers under the keys. */
async function perKey<T>(keys: readonly number[], read: (key: number) => Promise<T>): Promise<Record<string, T>> {
  const answers: Record<string, T> = {};
  for (const key of keys) answers[String(key)] = await read(key);
  return answers;
}

/**
 * What the messages store answers through its query methods: every message by id (a deleted one is
 * undefined), its holders, every user's flags, unread ids, newest id and direct conversations, every
 * channel's topics with their ids and senders. Two stores that answer alike are alike to the server.
 */
export async function messagesView(models: ReadModels, keys: MessageKeys): Promise<Record<string, unknown>> {
  const { messages } = models;
  const { messageIds, userIds, channelIds } = keys;
  return {
    byId: await perKey(messageIds, (id) => messages.get(id)),
    many: await messages.getMany(messageIds),
    holders: await perKey(messageIds, (id) => messages.holders(id)),
    flags: await perKey(userIds, async (userId) => plain(await messages.flagsOf(userId, messageIds))),
    unread: await perKey(userIds, (userId) => messages.unread(userId)),
    maxId: await perKey(userIds, (userId) => messages.maxId(userId)),
    conversations: await perKey(userIds, (userId) => messages.conversations(userId, 1000)),
    topics: await perKey(channelIds, async (channelId) => {
      const topics = await messages.topics(channelId);
      const detail = async (name: string) => ({ ids: await messages.topicIds(channelId, name), senders: await messages.topicSenders(channelId, name) });
      return { topics, detail: Object.fromEntries(await Promise.all(topics.map(async (topic) => [topic.name, await detail(topic.name)]))) };
    }),
  };
}

/** JSON with object keys in order, to sort documents however their keys were written. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1))) : inner,
  );

/** Every document of every collection of the read models (the messages store aside), each list in a stable order. */
export async function collectionsView(models: ReadModels): Promise<Record<string, unknown[]>> {
  const view: Record<string, unknown[]> = {};
  for (const [name, model] of Object.entries(models)) {
    if (name === 'messages' || !('all' in model)) continue;
    const documents: unknown[] = await model.all();
    const keyed = documents.map((document) => [canonical(document), document] as const);
    view[name] = keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, document]) => document);
  }
  return view;
}
