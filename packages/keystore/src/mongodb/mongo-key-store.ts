import { Binary, type Collection, MongoClient } from 'mongodb';
import { changedChunks, chunksOf, joinChunks, type KeyChunk } from '../key-chunks.js';
import type { ForgetPlan } from '../key-ring.js';
import type { KeyStore, StoredKeys } from '../key-store.js';

interface KeyDocument {
  _id: string;
  bytes: Binary;
}

/** A chunk of an epoch's key table (`_id` epoch#chunk); a document without `chunk` is a whole table written before chunks. */
interface ChunkDocument extends KeyDocument {
  epoch?: string;
  chunk?: number;
}

interface FactDocument {
  _id: string;
  value: string | number;
}

interface CounterDocument {
  _id: string;
  value: number;
}

const MAJORITY = { writeConcern: { w: 'majority' as const, journal: true } };
const bytesOf = (binary: Binary): Buffer => Buffer.from(binary.buffer);

/**
 * The production key store: a MongoDB database of its own (`chat_keys`), shared by every API process.
 * Masters are inserted only if absent (`$setOnInsert`), so two processes opening the same epoch agree
 * on one master; every write waits for a journaled majority. MongoDB does not overwrite the space a
 * deleted document held: see docs/topics/forgetting.md for what that means and how operators close it.
 */
export class MongoKeyStore implements KeyStore {
  private readonly masters: Collection<KeyDocument>;
  private readonly epochKeys: Collection<ChunkDocument>;
  private readonly facts: Collection<FactDocument>;
  private readonly counters: Collection<CounterDocument>;

  constructor(
    private readonly client: MongoClient,
    dbName = 'chat_keys',
  ) {
    const db = client.db(dbName);
    this.masters = db.collection<KeyDocument>('masters');
    this.epochKeys = db.collection<ChunkDocument>('epoch_keys');
    this.facts = db.collection<FactDocument>('facts');
    this.counters = db.collection<CounterDocument>('facts');
  }

  static async connect(url: string, dbName = 'chat_keys'): Promise<MongoKeyStore> {
    return new MongoKeyStore(await MongoClient.connect(url), dbName);
  }

  async load(): Promise<StoredKeys> {
    const masters = await this.masters.find({}).toArray();
    const materialized = await this.chunks();
    const facts = new Map((await this.facts.find({}).toArray()).map((fact) => [fact._id, fact.value]));
    return {
      ring: {
        masters: masters.map((doc) => [doc._id, bytesOf(doc.bytes)]),
        materialized: joinChunks(materialized),
      },
      lastForget: Number(facts.get('last_forget') ?? 0),
      logId: typeof facts.get('log_id') === 'string' ? String(facts.get('log_id')) : null,
    };
  }

  async addEpochs(epochs: readonly (readonly [string, Buffer])[]): Promise<[string, Buffer][]> {
    if (epochs.length === 0) return [];
    await this.masters.bulkWrite(
      epochs.map(([epoch, master]) => ({ updateOne: { filter: { _id: epoch }, update: { $setOnInsert: { bytes: new Binary(master) } }, upsert: true } })),
      { ordered: false, ...MAJORITY },
    );
    await this.bump();
    const stored = await this.masters.find({ _id: { $in: epochs.map(([epoch]) => epoch) } }, { readConcern: { level: 'majority' } }).toArray();
    return stored.map((doc) => [doc._id, bytesOf(doc.bytes)]);
  }

  async forget(plan: ForgetPlan, position: number): Promise<void> {
    if (plan.epochKeys.length > 0) {
      // Epoch keys first: a master is destroyed only once the keys derived from it are stored.
      await this.putChunks(changedChunks(plan));
    }
    if (plan.dropMasters.length > 0) await this.masters.deleteMany({ _id: { $in: plan.dropMasters } }, MAJORITY);
    await this.counters.updateOne({ _id: 'last_forget' }, { $max: { value: position } }, { upsert: true, ...MAJORITY });
    await this.bump();
  }

  /** Every stored chunk; whole tables written before chunks are moved into chunks first. */
  private async chunks(): Promise<KeyChunk[]> {
    const docs = await this.epochKeys.find({}).toArray();
    const legacy = docs.filter((doc) => doc.chunk === undefined);
    if (legacy.length > 0) {
      await this.putChunks(legacy.flatMap((doc) => chunksOf(doc._id, bytesOf(doc.bytes))));
      await this.epochKeys.deleteMany({ _id: { $in: legacy.map((doc) => doc._id) }, chunk: { $exists: false } }, MAJORITY);
      return this.chunks();
    }
    return docs.map((doc) => ({ epoch: doc.epoch ?? doc._id, chunk: doc.chunk ?? 0, keys: bytesOf(doc.bytes) }));
  }

  private async putChunks(chunks: readonly KeyChunk[]): Promise<void> {
    if (chunks.length === 0) return;
    await this.epochKeys.bulkWrite(
      chunks.map(({ epoch, chunk, keys }) => ({
        replaceOne: { filter: { _id: `${epoch}#${chunk}` }, replacement: { _id: `${epoch}#${chunk}`, epoch, chunk, bytes: new Binary(keys) }, upsert: true },
      })),
      { ordered: true, ...MAJORITY },
    );
  }

  async changeMark(): Promise<string> {
    const version = await this.counters.findOne({ _id: 'version' }, { readConcern: { level: 'majority' } });
    return String(version?.value ?? 0);
  }

  private bump(): Promise<unknown> {
    return this.counters.updateOne({ _id: 'version' }, { $inc: { value: 1 } }, { upsert: true, ...MAJORITY });
  }

  async bindLog(logId: string): Promise<void> {
    await this.facts.updateOne({ _id: 'log_id' }, { $setOnInsert: { value: logId } }, { upsert: true, ...MAJORITY });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
