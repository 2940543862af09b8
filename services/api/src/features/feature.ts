import type { DomainEventType } from '@chat/core';
import type { AuthMode, CallOf, FileUploadLimits, HttpMethod, RouteCall, RouteResult, SchemaName } from '@chat/http';
import type { Fanout, Projection, ReadModels } from '@chat/projections';
import type { Config } from '../config.js';
import type { ServerHealth } from '../ops/health.js';
import type { ServerMetrics } from '../ops/metrics.js';
import type { SectionBuilder } from '../register/register-context.js';
import type { JobHandler, PeriodicTask } from '../scheduler/job-handler.js';
import type { ServerContext } from '../server-context.js';

/** What views are served with: the server's context, and the process's health and metrics (the ops pages'). */
export interface RouteContext extends ServerContext {
  health: ServerHealth;
  metrics: ServerMetrics;
}

/** A view as the route table runs it: it takes the route context (each declares the part it uses). */
export type View = (ctx: RouteContext, call: RouteCall) => Promise<RouteResult>;

/** A view of a route whose request schema is `S`: its call's parameters are typed by that schema. */
export type ViewOf<S extends SchemaName> = (ctx: RouteContext, call: CallOf<S>) => Promise<RouteResult>;

/** One row of the route table: method, path under /api/v1, authentication, request schema, view. */
export interface RouteRow {
  method: HttpMethod;
  path: string;
  auth: AuthMode;
  /** File name (without .json) of the request schema in schemas/api/. */
  schema: string;
  view: View;
  /** The route takes one file in a multipart body, within these limits. */
  upload?: (config: Config) => FileUploadLimits;
  /** Served ahead of express when called plainly (see packages/http's lean lane). */
  lean?: boolean;
  /** The route checks a password given for the account named by this parameter: its attempts count against that name's authentication limit. */
  authAttempt?: { accountParam: string };
  /** A page outside /api/v1 (path from the root), whose view writes the response itself. */
  page?: boolean;
  /** Never counted against the rate limits (ops endpoints, static files, downloads). */
  unmetered?: boolean;
  /** Incoming-webhook bots may call it (as POST /messages); they are refused every other route. */
  allowIncomingWebhooks?: boolean;
  /** The view reads the body itself whatever its content type (integrations' payloads). */
  rawBody?: boolean;
}

/** Extras a route row may carry. */
export type RouteExtras = Pick<RouteRow, 'upload' | 'lean' | 'authAttempt' | 'unmetered' | 'allowIncomingWebhooks' | 'rawBody'>;

/**
 * A route row. The view is typed by the row's schema; the table runs it with the parameters that
 * schema checked (route-call.ts), which is what makes the widening to `View` sound.
 */
export const route = <S extends SchemaName>(method: HttpMethod, path: string, auth: AuthMode, schema: S, view: ViewOf<S>, extras: RouteExtras = {}): RouteRow => ({
  method,
  path,
  auth,
  schema,
  view: view as View,
  ...extras,
});

/** A page row: GET, outside /api/v1 at `path`, its view writing the response itself. */
export const page = <S extends SchemaName>(path: string, auth: AuthMode, schema: S, view: ViewOf<S>, extras: RouteExtras = {}): RouteRow => ({
  ...route('GET', path, auth, schema, view, extras),
  page: true,
});

/** What a projection may tell the server besides its models (see OrganizationVersion). */
export interface ProjectionHooks {
  /** A projection changed the organization on an event that usually leaves it alone. */
  organizationChanged: () => void;
  /** A projection added a job of this kind (the scheduler runs a prompt kind's jobs at once). */
  jobScheduled?: (kind: string) => void;
}

/** Makes a projection over the read models. */
export type ProjectionFactory = (models: ReadModels, hooks: ProjectionHooks) => Projection;

/** Where an event type is appended, and whether it can change the organization (users, groups, channels, permissions). */
export interface EventPlace {
  /** The stream, as docs/EVENTS.md names it (`user-<user_id>`). */
  stream: string;
  /** True for a type that never changes the organization: caches of it stay valid (OrganizationVersion). */
  leavesOrganizationAlone?: true;
}

/**
 * One area of the product, whole: the event types its decisions append (with their streams), the
 * projections that keep its read models and the fan-outs that tell clients, its rows of the route
 * table, its register sections, and its scheduled work. The server's lists (the route table, the
 * projections in order, the fan-outs in order, register's sections and event types, the job handlers,
 * the stream catalogue) are made from the list of features (all-features.ts): a new endpoint, event,
 * projection or section is added to its feature only. See docs/topics/features.md.
 */
export interface Feature {
  name: string;
  events?: Partial<Readonly<Record<DomainEventType, EventPlace>>>;
  /** In the order they apply each event: a reader of a model another writes comes after it. */
  projections?: readonly ProjectionFactory[];
  /** In the order a user receives the client events of one domain event. */
  fanouts?: readonly Fanout[];
  routes?: readonly RouteRow[];
  /** Register sections by the client event type that keeps each current. */
  sections?: Readonly<Record<string, SectionBuilder>>;
  /** Other names clients give a section (`realm_user_groups` for `user_group`). */
  sectionAliases?: Readonly<Record<string, string>>;
  /** Client event types a queue may ask for that have no section of their own (`reaction`). */
  clientEventTypes?: readonly string[];
  jobs?: readonly JobHandler<ServerContext>[];
  periodic?: readonly PeriodicTask<ServerContext>[];
}
