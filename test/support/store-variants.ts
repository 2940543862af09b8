import { MongoClient } from 'mongodb';
import { ESDB_URL, MONGO_URL, runName } from './production-stores.js';
import { type People, type Person, signUp } from './server-with-people.js';
import { startTestServer, type TestServer } from './test-server.js';

/** The stores a server of an end-to-end API run is given. */
export interface StoreVariant {
  label: string;
  /** The settings of one server: each gets a log and databases of its own on a shared server. */
  env(): NodeJS.ProcessEnv;
  /** Removes what a server left on the shared servers. */
  dropLeftovers(env: NodeJS.ProcessEnv): Promise<void>;
}

/** The databases a server with this MONGO_DB_PREFIX writes (services/api/src/ops/mongo-databases.ts). */
const DATABASES = ['read_models', 'realtime', 'rate_limits'];

/**
 * Where the store-parameterized API suites run: always on the embedded stores, and on EventStoreDB
 * with MongoDB when both ESDB_URL and MONGO_URL are set (npm run test:first-contact). The very same
 * tests run on each.
 */
export function storeVariants(): StoreVariant[] {
  const variants: StoreVariant[] = [{ label: 'embedded stores', env: () => ({}), dropLeftovers: async () => {} }];
  const [esdbUrl, mongoUrl] = [ESDB_URL, MONGO_URL];
  if (esdbUrl && mongoUrl) {
    variants.push({
      label: 'EventStoreDB and MongoDB',
      env: () => {
        const name = runName('api');
        return { EVENT_STORE: 'esdb', ESDB_URL: esdbUrl, ESDB_STREAM_PREFIX: `${name}-`, READ_STORE: 'mongodb', MONGO_URL: mongoUrl, MONGO_DB_PREFIX: name };
      },
      dropLeftovers: async (env) => {
        const client = await MongoClient.connect(mongoUrl);
        try {
          for (const database of DATABASES) await client.db(`${env.MONGO_DB_PREFIX}_${database}`).dropDatabase();
        } finally {
          await client.close();
        }
      },
    });
  }
  return variants;
}

/** A test server on the variant's stores with the people named signed up; stopping it also drops its databases. */
export async function startServerOn<K extends Person>(variant: StoreVariant, ...people: K[]): Promise<{ server: TestServer } & People<K>> {
  const env = variant.env();
  const server = await startTestServer({ env });
  const stop = server.stop;
  server.stop = async () => {
    await stop();
    await variant.dropLeftovers(env);
  };
  return { server, ...(await signUp(server, ...people)) };
}
