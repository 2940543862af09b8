import type { Collection, Db, Filter } from 'mongodb';
import type { SearchDocument, SearchIndex, SearchRange } from './search-index.js';
import { type SearchTerm, stemOf, stemsMatch, stemsOf } from './search-text.js';

interface TextDocument {
  _id: number;
  /** The topic's stems, in order (phrases are checked on them). */
  topic: string[];
  /** The content's stems, in order. */
  content: string[];
  /** Every distinct stem of both: the multikey index the `$all` queries use. */
  terms: string[];
}

interface MetaDocument {
  _id: string;
  value: number;
}

const distinct = (...lists: (readonly string[])[]): string[] => [...new Set(lists.flat())];
const BATCH = 500;

/**
 * The production index, in the read models' MongoDB database: one document per message with its
 * stems (the same tokenizer and Porter stemmer as the embedded FTS5 index, see search-text.ts) and a
 * compound multikey index on (terms, _id) so a search walks one term's ids newest first and stops
 * when it has enough. MongoDB's own `$text` index is not used: it ORs words, stems with another
 * stemmer and cannot be read in id order with an early stop; the documented alternative keeps the
 * two adapters answering alike (the contract suite checks both against one reference).
 */
export class MongoSearchIndex implements SearchIndex {
  private readonly docs: Collection<TextDocument>;
  private readonly meta: Collection<MetaDocument>;
  private indexed: Promise<unknown> | null = null;

  constructor(db: Db, prefix = 'message_search') {
    this.docs = db.collection<TextDocument>(prefix);
    this.meta = db.collection<MetaDocument>(`${prefix}_meta`);
  }

  async put(doc: SearchDocument, position: number): Promise<void> {
    await this.ensureIndex();
    const topic = stemsOf(doc.topic);
    const content = stemsOf(doc.text);
    await this.docs.replaceOne({ _id: doc.id }, { topic, content, terms: distinct(topic, content) }, { upsert: true });
    await this.advance(position);
  }

  async setText(id: number, text: string, position: number): Promise<void> {
    const content = stemsOf(text);
    await this.docs.updateOne({ _id: id }, [{ $set: { content: { $literal: content }, terms: { $setUnion: ['$topic', { $literal: content }] } } }]);
    await this.advance(position);
  }

  async setTopic(ids: readonly number[], topic: string, position: number): Promise<void> {
    const stems = stemsOf(topic);
    await this.docs.updateMany({ _id: { $in: [...ids] } }, [{ $set: { topic: { $literal: stems }, terms: { $setUnion: [{ $literal: stems }, '$content'] } } }]);
    await this.advance(position);
  }

  async remove(ids: readonly number[], position: number): Promise<void> {
    await this.docs.deleteMany({ _id: { $in: [...ids] } });
    await this.advance(position);
  }

  /** Every failed write rejects its own promise before the position moves: nothing to resume. */
  resume(): void {}

  async position(): Promise<number> {
    return (await this.meta.findOne({ _id: 'position' }))?.value ?? 0;
  }

  async search(terms: readonly SearchTerm[], range: SearchRange, limit: number): Promise<number[]> {
    if (terms.length === 0 || limit <= 0) return [];
    const below = 'below' in range;
    const filter: Filter<TextDocument> = { terms: { $all: allStems(terms) }, _id: below ? { $lt: range.below } : { $gt: range.above } };
    const found: number[] = [];
    const cursor = this.docs.find(filter, { sort: { _id: below ? -1 : 1 }, batchSize: BATCH, projection: { topic: 1, content: 1 } });
    for await (const doc of cursor) {
      if (stemsMatch(terms, [doc.topic, doc.content])) found.push(doc._id);
      if (found.length >= limit) break;
    }
    await cursor.close();
    return found;
  }

  async matchingAmong(terms: readonly SearchTerm[], ids: readonly number[]): Promise<number[]> {
    if (terms.length === 0 || ids.length === 0) return [];
    const docs = await this.docs.find({ _id: { $in: [...ids] }, terms: { $all: allStems(terms) } }, { projection: { topic: 1, content: 1 } }).toArray();
    return docs
      .filter((doc) => stemsMatch(terms, [doc.topic, doc.content]))
      .map((doc) => doc._id)
      .sort((a, b) => a - b);
  }

  async flush(): Promise<void> {}

  async clear(): Promise<void> {
    await this.docs.deleteMany({});
    await this.meta.deleteMany({});
  }

  async close(): Promise<void> {}

  private ensureIndex(): Promise<unknown> {
    this.indexed ??= this.docs.createIndex({ terms: 1, _id: -1 });
    return this.indexed;
  }

  private async advance(position: number): Promise<void> {
    await this.meta.updateOne({ _id: 'position' }, { $max: { value: position } }, { upsert: true });
  }
}

const allStems = (terms: readonly SearchTerm[]): string[] => distinct(...terms.map((term) => term.tokens.map(stemOf)));
