import type { Fanout, Projection, ReadModels } from '@chat/projections';
import type { RegisterSetup, SectionBuilder } from '../register/register-context.js';
import type { JobHandler, PeriodicTask } from '../scheduler/job-handler.js';
import type { ServerContext } from '../server-context.js';
import type { EventPlace, Feature, ProjectionHooks, RouteRow } from './feature.js';

/** The lists the server runs on, each made from the features in their order (all-features.ts). */

/** The route table's rows. */
export const routeRows = (features: readonly Feature[]): RouteRow[] => features.flatMap((feature) => feature.routes ?? []);

/** Every read-model projection, in the order they apply each event. */
export const projectionsOf = (features: readonly Feature[], models: ReadModels, hooks: ProjectionHooks): Projection[] =>
  features.flatMap((feature) => (feature.projections ?? []).map((make) => make(models, hooks)));

/** Every fan-out, in the order a user receives the client events of one domain event. */
export const fanoutsOf = (features: readonly Feature[]): Fanout[] => features.flatMap((feature) => feature.fanouts ?? []);

export const jobsOf = (features: readonly Feature[]): JobHandler<ServerContext>[] => features.flatMap((feature) => feature.jobs ?? []);

export const periodicTasksOf = (features: readonly Feature[]): PeriodicTask<ServerContext>[] => features.flatMap((feature) => feature.periodic ?? []);

/** Register's sections, their other names, and every event type a queue may ask for. */
export function registerSetupOf(features: readonly Feature[]): RegisterSetup {
  const sections = new Map<string, SectionBuilder>();
  const aliases = new Map<string, string>();
  const others: string[] = [];
  for (const feature of features) {
    for (const [type, build] of Object.entries(feature.sections ?? {})) sections.set(type, build);
    for (const [alias, type] of Object.entries(feature.sectionAliases ?? {})) aliases.set(alias, type);
    others.push(...(feature.clientEventTypes ?? []));
  }
  return { sections, aliases, eventTypes: new Set([...sections.keys(), ...others]) };
}

/** Where each event type is appended, and whether it may change the organization. */
export function eventPlacesOf(features: readonly Feature[]): Map<string, EventPlace> {
  const places = new Map<string, EventPlace>();
  for (const feature of features) {
    for (const [type, place] of Object.entries(feature.events ?? {})) if (place) places.set(type, place);
  }
  return places;
}

/** The event types that never change the organization (OrganizationVersion counts every other one). */
export const leavingOrganizationAlone = (features: readonly Feature[]): Set<string> =>
  new Set([...eventPlacesOf(features)].filter(([, place]) => place.leavesOrganizationAlone).map(([type]) => type));
