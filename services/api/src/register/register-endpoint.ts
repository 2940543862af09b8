import { badRequest, FEATURE_LEVEL, Role, SERVER_VERSION } from '@chat/core';
import { type CallOf, TimeSlicer } from '@chat/http';
import { type Capabilities, type CapabilityName, DEFAULT_PRESENCE_HISTORY_DAYS, NO_CAPABILITIES, type NarrowTerm } from '@chat/realtime';
import { callerUser } from '../endpoints/call-context.js';
import { ChannelQuery, includeSubscribersParam } from '../queries/channel-query.js';
import type { RegisterContext, RegisterDeps, RegisterSetup } from './register-context.js';
import { prepareRealmUsers } from './sections/realm-user-section.js';
import { normalizeNarrow } from './narrow-terms.js';
import { startQueueAtSnapshot } from './queue-start.js';
import { checkEventNarrow } from '../queries/event-narrow.js';

function capabilitiesOf(raw: unknown): Capabilities {
  const capabilities: Capabilities = { ...NO_CAPABILITIES };
  if (typeof raw !== 'object' || raw === null) return capabilities;
  for (const name of Object.keys(NO_CAPABILITIES) as CapabilityName[]) {
    const value = (raw as Record<string, unknown>)[name];
    if (typeof value === 'boolean') capabilities[name] = value;
  }
  return capabilities;
}

/** Keeps the types this server knows (aliases resolved); the API says unsupported ones are ignored. */
const knownTypes = (setup: RegisterSetup, types: unknown): string[] | null =>
  Array.isArray(types)
    ? types
        .filter((type): type is string => typeof type === 'string')
        .map((type) => setup.aliases.get(type) ?? type)
        .filter((type) => setup.eventTypes.has(type))
    : null;

/**
 * POST /register: the queue is created, then the snapshot taken, while no event is being applied, so
 * the snapshot is exactly the state at the queue's start: nothing is lost or doubled between them
 * (across processes too: see queue-start.ts).
 */
export async function register(ctx: RegisterDeps, call: CallOf<'register'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const p = call.params;
  const capabilities = capabilitiesOf(p.client_capabilities);
  const eventTypes = knownTypes(ctx.registerSetup, p.event_types);
  const fetchTypes = p.fetch_event_types !== undefined ? knownTypes(ctx.registerSetup, p.fetch_event_types) : eventTypes;
  const narrow: NarrowTerm[] = normalizeNarrow(p.narrow);
  checkEventNarrow(narrow);
  if (p.all_public_streams === true && viewer.role === Role.Guest) throw badRequest('User not authorized for this query');
  let channels: Promise<ChannelQuery> | null = null;
  const slicer = new TimeSlicer();
  const rc: RegisterContext = {
    ctx,
    viewer,
    capabilities,
    applyMarkdown: p.apply_markdown === true,
    clientGravatar: p.client_gravatar !== false,
    includeSubscribers: includeSubscribersParam(p.include_subscribers),
    slimPresence: p.slim_presence === true || capabilities.simplified_presence_events,
    presenceHistoryLimitDays: p.presence_history_limit_days ?? DEFAULT_PRESENCE_HISTORY_DAYS,
    channels: () => (channels ??= ChannelQuery.open(ctx, viewer)),
    fetchTypes,
    wants: (type) => fetchTypes === null || fetchTypes.includes(type),
    pause: () => slicer.pause(),
  };
  // The costly shared parts are made before the snapshot, in slices: inside it they are only looked up.
  if (rc.wants('realm_user')) await prepareRealmUsers(rc);
  const spec = {
    userId: viewer.user_id,
    eventTypes,
    capabilities,
    narrow,
    applyMarkdown: rc.applyMarkdown,
    clientGravatar: rc.clientGravatar,
    allPublicStreams: p.all_public_streams === true,
  };
  const start = await startQueueAtSnapshot(
    { runner: ctx.runner, store: ctx.store, sharedReadModels: ctx.readStore.shared },
    () => ctx.queues.register(spec),
    (queue) => ctx.queues.remove(queue),
    async () => {
      const parts: Record<string, unknown> = {};
      for (const [type, build] of ctx.registerSetup.sections) {
        if (fetchTypes === null || fetchTypes.includes(type)) Object.assign(parts, await build(rc));
        await rc.pause();
      }
      return parts;
    },
  );
  if (!start.exact) ctx.log.warn({ attempts: start.attempts, position: start.position }, 'register: the log moved during every snapshot; events of the last one may arrive twice');
  const { queue, snapshot: sections } = start;
  return {
    queue_id: queue.id,
    last_event_id: queue.lastAcked,
    zulip_feature_level: FEATURE_LEVEL,
    zulip_version: SERVER_VERSION,
    zulip_merge_base: SERVER_VERSION,
    service_feature_level: FEATURE_LEVEL,
    service_version: SERVER_VERSION,
    service_merge_base: SERVER_VERSION,
    ...sections,
  };
}
