import type { AlertWordsState, UserTopicState, ChannelFolderState, ChannelState, InviteLinkState, SubscriptionState, RealmGroupSettings, RealmSettings, UserGroupState, UserSettings, UserState } from '@chat/core';
import type { DocumentCollection, MessageStore, ReadStore } from '@chat/readstore';

export interface RealmState {
  name: string;
  description: string;
  settings: RealmSettings;
  user_settings_defaults: UserSettings;
  /** Milliseconds since the epoch. */
  date_created: number;
}

export interface ProfileFieldState {
  id: number;
  name: string;
  hint: string;
  type: number;
  order: number;
}

/** Every read model the server keeps, by use. */
export interface ReadModels {
  realm: DocumentCollection<RealmState>;
  users: DocumentCollection<UserState>;
  profileFields: DocumentCollection<ProfileFieldState>;
  userGroups: DocumentCollection<UserGroupState>;
  /** The organization's group-valued permissions, under REALM_KEY. */
  realmGroupSettings: DocumentCollection<RealmGroupSettings>;
  channelFolders: DocumentCollection<ChannelFolderState>;
  channels: DocumentCollection<ChannelState>;
  /** Per-user subscriptions, current and past, keyed `<user_id>:<channel_id>`. */
  subscriptions: DocumentCollection<SubscriptionState>;
  /** Reusable invitation links by id, found by the digest of their key when used. */
  invites: DocumentCollection<InviteLinkState>;
  /** Messages and per-user flags, shaped for their queries. */
  messages: MessageStore;
  /** Users' visibility policies for topics, keyed `<user_id>:<channel_id>:<topic, lower case>`. */
  userTopics: DocumentCollection<UserTopicState>;
  /** Users' alert words, keyed by user id; only users who have some. */
  alertWords: DocumentCollection<AlertWordsState>;
}

export const REALM_KEY = 'realm';

export function openReadModels(store: ReadStore): ReadModels {
  return {
    realm: store.collection<RealmState>({ name: 'realm' }),
    users: store.collection<UserState>({ name: 'users', uniqueFields: ['email'], fields: ['role'] }),
    profileFields: store.collection<ProfileFieldState>({ name: 'profile_fields' }),
    userGroups: store.collection<UserGroupState>({ name: 'user_groups' }),
    realmGroupSettings: store.collection<RealmGroupSettings>({ name: 'realm_group_settings' }),
    channelFolders: store.collection<ChannelFolderState>({ name: 'channel_folders' }),
    channels: store.collection<ChannelState>({ name: 'channels', uniqueFields: ['name_key'] }),
    subscriptions: store.collection<SubscriptionState>({ name: 'subscriptions', fields: ['user_id', 'channel_id'] }),
    invites: store.collection<InviteLinkState>({ name: 'invites', uniqueFields: ['key_digest'], fields: ['creator_id'] }),
    messages: store.messages,
    userTopics: store.collection<UserTopicState>({ name: 'user_topics', fields: ['user_id', 'channel_id'] }),
    alertWords: store.collection<AlertWordsState>({ name: 'alert_words' }),
  };
}
