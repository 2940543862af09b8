import type { PackageRules } from '../../../tools/imports/package-imports.js';

/**
 * What each workspace may import, checked by package-imports.test.ts: each declares what it imports
 * and nothing more, and the clients of the production stores stay in their adapters (DESIGN.md:
 * "the only importer of @eventstore/db-client", "the only importer of the mongodb driver").
 */
export const PACKAGE_RULES: PackageRules = {
  rootSources: ['test', 'tools', 'bench'],
  reserved: {
    mongodb: [
      'packages/readstore/src/mongodb',
      'packages/readstore/src/search/mongo-search-index.ts',
      'packages/realtime/src/mongodb',
      'packages/keystore/src/mongodb',
      // Harnesses of those adapters: their contract tests, and the first-contact check against real servers.
      'test/contract/key-store.test.ts',
      'test/support/store-variants.ts',
      'tools/first-contact',
    ],
    // The adapter, and the in-process stand-in its contract tests run against (test/support/fake-esdb.ts).
    '@eventstore/db-client': ['packages/eventstore/src/esdb', 'test/support/fake-esdb.ts'],
  },
  // The root runs these (npm scripts: `node --import tsx`, mocha, tsc) without importing them.
  commands: { '.': ['tsx', 'mocha', 'typescript'] },
};
