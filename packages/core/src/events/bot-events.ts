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

export type BotEvent = BotOwnerChanged | BotSettingsChanged;

declare module './index.js' {
  interface DomainEventKinds {
    BotEvent: BotEvent;
  }
}
