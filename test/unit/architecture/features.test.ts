import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { freshModels } from '../../support/read-model-fixture.js';
import { FEATURES } from '../../../services/api/src/features/all-features.js';
import { eventPlacesOf, fanoutsOf, projectionsOf, registerSetupOf, routeRows } from '../../../services/api/src/features/feature-lists.js';

const EVENT_SCHEMAS = join(import.meta.dirname, '..', '..', '..', 'schemas', 'events');

/** The entries named more than once. */
const repeated = (names: readonly string[]): string[] => [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];

describe('features', () => {
  it('declare every event type with a schema exactly once, with its stream', () => {
    const types = [...new Set(readdirSync(EVENT_SCHEMAS).map((file) => file.replace(/\.v\d+\.json$/, '')))];
    const declared = FEATURES.flatMap((feature) => Object.keys(feature.events ?? {}));
    expect(repeated(declared)).to.deep.equal([]);
    expect([...declared].sort()).to.deep.equal(types.sort());
    for (const place of eventPlacesOf(FEATURES).values()) expect(place.stream).to.be.a('string').and.not.equal('');
  });

  it('give each route, projection, fan-out and register section one place', () => {
    expect(repeated(routeRows(FEATURES).map((row) => `${row.method} ${row.path}`))).to.deep.equal([]);
    expect(repeated(projectionsOf(FEATURES, freshModels(), { organizationChanged: () => {} }).map((projection) => projection.name))).to.deep.equal([]);
    expect(repeated(fanoutsOf(FEATURES).map((fanout) => fanout.name))).to.deep.equal([]);
    expect(repeated(FEATURES.flatMap((feature) => Object.keys(feature.sections ?? {})))).to.deep.equal([]);
    expect(repeated(FEATURES.map((feature) => feature.name))).to.deep.equal([]);
  });

  it("let register name every section's aliases and client event types", () => {
    const setup = registerSetupOf(FEATURES);
    for (const [alias, type] of setup.aliases) expect(setup.sections.has(type), `${alias} → ${type}`).to.equal(true);
    expect([...setup.eventTypes]).to.include.members(['message', 'realm_user', 'heartbeat', 'reaction', 'update_message', 'typing']);
  });
});
