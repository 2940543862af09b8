import type { BotSettings } from './bot-settings.js';

/** A bot was given to another user (by an administrator, or to whoever reactivated it when its owner had left). */
export interface BotOwnerChanged {
  type: 'BotOwnerChanged';
  data: { user_id: number; owner_id: number; previous_owner_id: number | null };
}

/** A bot's defaults, service or configuration changed. */
export interface BotSettingsChanged {
  type: 'BotSettingsChanged';
  data: { user_id: number; changes: Partial<BotSettings> };
}

/** One key of a user's storage and its value. */
export interface BotStorageEntry {
  key: string;
  value: string;
}

/** Keys of a user's storage (bots use it for their state) were set or removed. */
export interface BotStorageChanged {
  type: 'BotStorageChanged';
  data: { user_id: number; set: BotStorageEntry[]; removed: string[] };
}

export type BotEvent = BotOwnerChanged | BotSettingsChanged | BotStorageChanged;

declare module './index.js' {
  interface DomainEventKinds {
    BotEvent: BotEvent;
  }
}
