// `@chat/keystore/mongodb`: the MongoDB adapter, apart from the package's index so that a server on
// the embedded default never loads MongoDB's client library (see docs/topics/benchmark.md, start-up).
export { MongoKeyStore } from './mongo-key-store.js';
