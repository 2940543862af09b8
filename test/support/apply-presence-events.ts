import type { ReceivedEvent } from './event-schemas.js';

type State = Record<string, unknown>;
type LegacyClient = { client: string; status: string; timestamp: number; pushable?: boolean };

/**
 * `presences` follows presence events: modern events replace the listed users' entries; a legacy
 * event replaces the user's client entry and the aggregate, which a one-client server derives from it.
 */
export function applyPresenceEvent(state: State, event: ReceivedEvent): void {
  const presences = state.presences as Record<string, unknown> | undefined;
  if (!presences) return;
  if (event.presences !== undefined) {
    Object.assign(presences, structuredClone(event.presences));
    return;
  }
  const clients = event.presence as Record<string, LegacyClient>;
  const entry: Record<string, LegacyClient> = structuredClone(clients);
  for (const { client, status, timestamp } of Object.values(clients)) entry.aggregated = { client, status, timestamp };
  presences[event.email as string] = entry;
}
