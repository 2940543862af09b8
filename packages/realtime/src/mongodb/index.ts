// `@chat/realtime/mongodb`: feeds and queues in MongoDB, apart from the package's index so that a server
// on the embedded default never loads MongoDB's client library (see docs/topics/benchmark.md, start-up).
export { MongoRealtime } from './mongo-realtime.js';
export { connectMongo, lazyMongoClient, type MongoConnection } from './mongo-connection.js';
