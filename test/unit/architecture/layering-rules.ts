import type { Layering, NeverRule } from '../../../tools/imports/layering.js';

/** The files that wire the server together (the features among them): the only ones that may know the whole ServerContext. */
const COMPOSITION = ['main.ts', 'owner-password.ts', 'reset-owner-password.ts', 'server.ts', 'compose.ts', 'compose-stores.ts', 'routes.ts', 'bootstrap.ts', 'authenticator.ts', 'server-context.ts', 'features'];

/** Where a request or a timer enters: views, register, pages and downloads, operations, scheduled work. */
const ENTRY_POINTS = ['endpoints', 'register', 'ops', 'scheduler', 'uploads/serve-*'];

/**
 * The floors of services/api and of core, top first (layering.ts says how a place is named). A new
 * folder of services/api lands on the floor of `*` (the foundations: queries, commands, push, mail,
 * secrets, upload storage, the dependency shapes); give it a place here if it belongs higher.
 */
export const LAYERINGS: readonly Layering[] = [
  {
    folder: 'services/api/src',
    // The retention sweep deletes as an action does (one deletion command per batch).
    floors: [COMPOSITION, ENTRY_POINTS, ['actions', 'retention'], ['*']],
  },
  {
    folder: 'packages/core/src',
    // The areas (users, channels, messages, …) build on the events they decide, never the other way round.
    floors: [['index.ts'], ['*'], ['events'], ['clock.ts', 'errors.ts', 'roles.ts', 'streams.ts']],
  },
];

const api = (path: string): string => `services/api/src/${path}`;
const VIEWS = [...ENTRY_POINTS.filter((place) => place !== 'scheduler'), ...COMPOSITION].map(api);

/** What must never import what, whatever the floors say. */
export const NEVER_RULES: readonly NeverRule[] = [
  {
    from: 'packages/core',
    never: ['packages/eventstore', 'packages/readstore', 'packages/realtime', 'packages/http', 'packages/wire', 'projections', 'services'],
    why: 'core touches no port, HTTP or projection',
  },
  { from: 'projections', never: ['services', 'packages/http'], why: 'projections know no actions or views' },
  { from: api('actions'), never: VIEWS, why: 'actions import no view' },
  { from: api('queries'), never: [api('actions'), ...VIEWS], why: 'queries import no action' },
  {
    from: 'services/api/src',
    except: COMPOSITION.map(api),
    never: [api('server-context.ts')],
    why: 'nothing is defined in terms of the whole server context (declare the shapes you use: dependencies.ts)',
  },
];
