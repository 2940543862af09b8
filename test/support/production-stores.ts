/**
 * The production servers a run is given: the first-contact run (`npm run test:first-contact`) sets
 * both, CI sets neither. Suites and API tests that need one run only when it is set.
 */
export const ESDB_URL = process.env.ESDB_URL || undefined;
export const MONGO_URL = process.env.MONGO_URL || undefined;

/**
 * How docker-compose.yml's services are reached from the host. MongoDB's replica set calls its member
 * mongo:27017, a name only the compose network resolves, so from the host the driver must talk to the
 * member directly instead of discovering the set.
 */
export const HOST_URLS = {
  ESDB_URL: 'esdb://localhost:2113?tls=false',
  MONGO_URL: 'mongodb://localhost:27017/?directConnection=true',
} as const;

/** A pending test standing for a suite that needs a server this run was not given. */
export function needsServer(suite: string, variable: keyof typeof HOST_URLS): void {
  describe(suite, function () {
    it(`runs only against a server: set ${variable}, e.g. ${HOST_URLS[variable]} (see npm run test:first-contact)`);
  });
}

/** A name of its own for each run and use (stream prefix, database), so runs on a shared server never meet. */
export const runName = (what: string): string => `${what}_${Date.now().toString(36)}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
