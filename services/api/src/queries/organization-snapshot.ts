import type { ChannelState, RealmGroupSettings, UserGroupState, UserState } from '@chat/core';
import { type OrganizationVersion, REALM_KEY, type ReadModels } from '@chat/projections';

/** The organization as the read models held it at one version: read-only, shared by every request until it changes. */
export interface OrganizationSnapshot {
  users: ReadonlyMap<number, UserState>;
  groups: ReadonlyMap<number, UserGroupState>;
  channels: ReadonlyMap<number, ChannelState>;
  /** Every channel, by id ascending. */
  channelList: readonly ChannelState[];
  /** Folders a channel may be put in (existing, not archived). */
  folderIds: ReadonlySet<number>;
  realm: RealmGroupSettings;
  /** Users by full name in lower case (names are not unique). */
  usersByName: ReadonlyMap<string, readonly UserState[]>;
  /**
   * Something derived from this snapshot alone, computed once under `key` and kept as long as the
   * snapshot is current (for example the serialized user list POST /register sends).
   */
  derived<T>(key: string, compute: () => T): T;
}

function memo(): <T>(key: string, compute: () => T) => T {
  const values = new Map<string, unknown>();
  return <T>(key: string, compute: () => T): T => {
    if (!values.has(key)) values.set(key, compute());
    return values.get(key) as T;
  };
}

function byName(users: Iterable<UserState>): Map<string, UserState[]> {
  const index = new Map<string, UserState[]>();
  for (const user of users) {
    const key = user.full_name.toLowerCase();
    const same = index.get(key);
    if (same) same.push(user);
    else index.set(key, [user]);
  }
  return index;
}

/**
 * Reads users, groups, channels, folders and organization permissions once per organization version
 * instead of once per command: a send in a 10,000-user organization no longer copies every user.
 */
export class OrganizationSnapshots {
  private cached: { version: number; snapshot: Promise<OrganizationSnapshot> } | null = null;

  constructor(
    private readonly models: ReadModels,
    private readonly version: OrganizationVersion,
  ) {}

  current(): Promise<OrganizationSnapshot> {
    // The version is taken before reading: a change applied meanwhile makes the next call read again.
    const version = this.version.value;
    if (this.cached?.version === version) return this.cached.snapshot;
    const snapshot = this.read();
    this.cached = { version, snapshot };
    snapshot.catch(() => {
      if (this.cached?.snapshot === snapshot) this.cached = null;
    });
    return snapshot;
  }

  private async read(): Promise<OrganizationSnapshot> {
    const users = await this.models.users.all();
    const channels = (await this.models.channels.all()).sort((a, b) => a.channel_id - b.channel_id);
    const realm = await this.models.realmGroupSettings.get(REALM_KEY);
    if (!realm) throw new Error('organization not initialised');
    return {
      users: new Map(users.map((user) => [user.user_id, user])),
      groups: new Map((await this.models.userGroups.all()).map((group) => [group.id, group])),
      channels: new Map(channels.map((channel) => [channel.channel_id, channel])),
      channelList: channels,
      folderIds: new Set((await this.models.channelFolders.all()).filter((folder) => !folder.is_archived).map((folder) => folder.id)),
      realm,
      usersByName: byName(users),
      derived: memo(),
    };
  }
}
