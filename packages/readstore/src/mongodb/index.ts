// `@chat/readstore/mongodb`: the MongoDB adapters, apart from the package's index so that a server on
// the embedded default never loads MongoDB's client library (see docs/topics/benchmark.md, start-up).
export { MongoReadStore } from './mongo-read-store.js';
export { MongoSearchIndex } from '../search/mongo-search-index.js';
