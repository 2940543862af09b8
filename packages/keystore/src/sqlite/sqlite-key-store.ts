import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { changedChunks, chunksOf, joinChunks, type KeyChunk } from '../key-chunks.js';
import type { ForgetPlan } from '../key-ring.js';
import { KeyStoreBusy, type KeyStore, type StoredKeys } from '../key-store.js';
import { KEY_STORE_PRAGMAS, KEY_STORE_SCHEMA, LEGACY_EPOCH_KEYS } from './key-store-schema.js';

const RETRY_MS = 25;
const BUSY_LIMIT_MS = 60_000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const isBusy = (error: unknown): boolean => error instanceof Error && 'code' in error && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED');

/**
 * The embedded key store, DATA_DIR/keys.sqlite3: a rollback journal that is deleted at each commit
 * (never a WAL that keeps old pages) and secure_delete, so a destroyed key is overwritten in the file
 * at the commit that destroys it. Writes never wait on the event loop: a store locked by a backup is
 * tried again a little later, up to a minute.
 */
export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;

  /** `readonly`: a reader beside the server (export thread, history tools) that never writes the file. */
  constructor(
    readonly file: string,
    private readonly options: { readonly?: boolean } = {},
  ) {
    this.db = new Database(file, options.readonly ? { readonly: true, fileMustExist: true } : {});
    this.db.pragma(options.readonly ? 'busy_timeout = 5000' : 'busy_timeout = 0');
    if (options.readonly) return;
    for (const pragma of KEY_STORE_PRAGMAS) this.db.pragma(pragma);
    this.db.exec(KEY_STORE_SCHEMA);
    this.moveLegacyTables();
  }

  /** A store written before chunks: its whole epoch tables become chunks, in one transaction. */
  private moveLegacyTables(): void {
    if (!this.hasTable(LEGACY_EPOCH_KEYS)) return;
    const put = this.db.prepare('INSERT OR REPLACE INTO epoch_key_chunks (epoch, chunk, keys) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      for (const row of this.db.prepare<[], { epoch: string; keys: Buffer }>(`SELECT epoch, keys FROM ${LEGACY_EPOCH_KEYS}`).all()) {
        for (const each of chunksOf(row.epoch, row.keys)) put.run(each.epoch, each.chunk, each.keys);
      }
      this.db.exec(`DROP TABLE ${LEGACY_EPOCH_KEYS}`);
    }).immediate();
  }

  private hasTable(name: string): boolean {
    return this.db.prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  }

  /** Whether a key store exists at `file` (a missing one is refused when the log holds sealed events). */
  static exists(file: string): boolean {
    return existsSync(file);
  }

  async load(): Promise<StoredKeys> {
    const problems = this.db.pragma('quick_check', { simple: true });
    if (problems !== 'ok') throw new Error(`key store ${this.file} is damaged: ${String(problems)}`);
    const masters = this.db.prepare<[], { epoch: string; master: Buffer }>('SELECT epoch, master FROM masters').all();
    // A reader may open a store its writer has not moved to chunks yet: the legacy tables are whole chunks.
    const chunks = this.hasTable('epoch_key_chunks') ? this.db.prepare<[], KeyChunk>('SELECT epoch, chunk, keys FROM epoch_key_chunks').all() : [];
    const legacy = this.hasTable(LEGACY_EPOCH_KEYS) ? this.db.prepare<[], { epoch: string; keys: Buffer }>(`SELECT epoch, keys FROM ${LEGACY_EPOCH_KEYS}`).all() : [];
    const materialized = joinChunks([...legacy.flatMap((row) => chunksOf(row.epoch, row.keys)), ...chunks]);
    return {
      ring: { masters: masters.map((row) => [row.epoch, row.master]), materialized },
      lastForget: Number(this.fact('last_forget') ?? 0),
      logId: this.fact('log_id'),
    };
  }

  async addEpochs(epochs: readonly (readonly [string, Buffer])[]): Promise<[string, Buffer][]> {
    const insert = this.db.prepare('INSERT OR IGNORE INTO masters (epoch, master) VALUES (?, ?)');
    const read = this.db.prepare<[string], { master: Buffer }>('SELECT master FROM masters WHERE epoch = ?');
    return this.write('adding key epochs', () => {
      for (const [epoch, master] of epochs) insert.run(epoch, master);
      return epochs.flatMap(([epoch]): [string, Buffer][] => {
        const row = read.get(epoch);
        return row ? [[epoch, row.master]] : [];
      });
    });
  }

  async forget(plan: ForgetPlan, position: number): Promise<void> {
    const dropMaster = this.db.prepare('DELETE FROM masters WHERE epoch = ?');
    const putKeys = this.db.prepare('INSERT INTO epoch_key_chunks (epoch, chunk, keys) VALUES (?, ?, ?) ON CONFLICT (epoch, chunk) DO UPDATE SET keys = excluded.keys');
    const changed = changedChunks(plan);
    await this.write('forgetting', () => {
      for (const each of changed) putKeys.run(each.epoch, each.chunk, each.keys);
      for (const epoch of plan.dropMasters) dropMaster.run(epoch);
      if (position > Number(this.fact('last_forget') ?? 0)) this.setFact('last_forget', String(position));
    });
  }

  async changeMark(): Promise<string> {
    return this.fact('version') ?? '0';
  }

  async bindLog(logId: string): Promise<void> {
    await this.write('binding to the log', () => this.setFact('log_id', logId));
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private fact(name: string): string | null {
    return this.db.prepare<[string], { value: string }>('SELECT value FROM facts WHERE name = ?').get(name)?.value ?? null;
  }

  private setFact(name: string, value: string): void {
    this.db.prepare('INSERT INTO facts (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value').run(name, value);
  }

  /** One transaction; while another connection holds the file (a backup), tried again without blocking. */
  private async write<T>(what: string, work: () => T): Promise<T> {
    if (this.options.readonly) throw new Error(`key store ${this.file} is open read-only`);
    const started = Date.now();
    const transaction = this.db.transaction(() => {
      const result = work();
      this.setFact('version', String(Number(this.fact('version') ?? 0) + 1));
      return result;
    });
    for (;;) {
      try {
        return transaction.immediate();
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() - started > BUSY_LIMIT_MS) throw new KeyStoreBusy(what);
        await sleep(RETRY_MS);
      }
    }
  }
}
