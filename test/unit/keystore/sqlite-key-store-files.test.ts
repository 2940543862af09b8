import { expect } from 'chai';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { bootedKeyStoreThreadWaiting } from '../../../packages/keystore/src/sqlite/key-store-boot.js';
import Database from 'better-sqlite3';
import { bootKeyStoreThread, KeyRing, SqliteKeyStore, ThreadedSqliteKeyStore } from '@chat/keystore';

/** A destroyed key must be nowhere in the store's files once the forgetting commit is done. */
describe('SqliteKeyStore files after a forgetting', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'keys-files-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const filesBytes = (): Buffer => Buffer.concat(readdirSync(dir).map((name) => readFileSync(join(dir, name))));

  it('holds neither the destroyed master nor the forgotten subject key, and leaves no journal behind', async () => {
    const store = new SqliteKeyStore(join(dir, 'keys.sqlite3'));
    const ring = new KeyRing();
    ring.addMasters(await store.addEpochs(ring.newEpochs(['message-1'])));
    const master = (await store.load()).ring.masters[0][1];
    const forgottenKey = ring.keyOf('message-1');
    const keptKey = ring.keyOf('message-2');
    expect(filesBytes().includes(master)).to.equal(true);
    await store.forget(ring.planForget(['message-1']), 7);
    await store.close();
    const bytes = filesBytes();
    expect(bytes.includes(master), 'the master').to.equal(false);
    expect(bytes.includes(forgottenKey!), 'the forgotten key').to.equal(false);
    expect(bytes.includes(keptKey!), 'a kept key').to.equal(true);
    expect(existsSync(join(dir, 'keys.sqlite3-journal'))).to.equal(false);
    expect(existsSync(join(dir, 'keys.sqlite3-wal'))).to.equal(false);
  });

  it('refuses to write when opened read-only, and reads what the writer stored', async () => {
    const writer = new SqliteKeyStore(join(dir, 'keys.sqlite3'));
    await writer.addEpochs([['user/0', Buffer.alloc(32, 1)]]);
    const reader = new SqliteKeyStore(join(dir, 'keys.sqlite3'), { readonly: true });
    expect((await reader.load()).ring.masters).to.have.length(1);
    let refused: unknown = null;
    await reader.bindLog('x').catch((error: unknown) => (refused = error));
    expect(String(refused)).to.contain('read-only');
    await reader.close();
    await writer.close();
  });
});

/** A key store written before epoch tables were kept in chunks opens with every key as it was. */
describe('SqliteKeyStore written before chunks', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'keys-legacy-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('moves whole epoch tables into chunks at open, for readers too, leaving no legacy table', async () => {
    const file = join(dir, 'keys.sqlite3');
    const ring = new KeyRing();
    ring.addMasters(ring.newEpochs(['message-7']).map(([epoch, master]) => [epoch, master] as const));
    const plan = ring.planForget(['message-7']);
    const legacy = new Database(file);
    legacy.exec('CREATE TABLE masters (epoch TEXT PRIMARY KEY, master BLOB NOT NULL) WITHOUT ROWID; CREATE TABLE epoch_keys (epoch TEXT PRIMARY KEY, keys BLOB NOT NULL) WITHOUT ROWID; CREATE TABLE facts (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;');
    for (const [epoch, keys] of plan.epochKeys) legacy.prepare('INSERT INTO epoch_keys (epoch, keys) VALUES (?, ?)').run(epoch, keys);
    legacy.close();
    const reader = new SqliteKeyStore(file, { readonly: true });
    const expected = new KeyRing({ masters: [], materialized: plan.epochKeys });
    expect(new KeyRing((await reader.load()).ring).keyOf('message-8')).to.deep.equal(expected.keyOf('message-8'));
    await reader.close();
    const writer = new SqliteKeyStore(file);
    const loaded = new KeyRing((await writer.load()).ring);
    expect(loaded.keyOf('message-7')).to.equal(null);
    for (const id of [8, 500, 1023]) expect(loaded.keyOf(`message-${id}`)).to.deep.equal(expected.keyOf(`message-${id}`));
    await writer.close();
    const check = new Database(file, { readonly: true });
    expect(check.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'epoch_keys'").get()).to.deep.equal({ n: 0 });
    expect(check.prepare('SELECT count(*) AS n FROM epoch_key_chunks').get()).to.deep.equal({ n: 32 });
    check.close();
  });
});

/** The server's key store runs in a thread of its own: its errors come back as the caller would meet them. */
describe('ThreadedSqliteKeyStore errors', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'keys-thread-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a file that is no key store with SQLite code, and a closed store with a clear error', async () => {
    const file = join(dir, 'keys.sqlite3');
    writeFileSync(file, Buffer.alloc(4096, 7));
    const refused = await ThreadedSqliteKeyStore.open(file).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).to.be.instanceOf(Error);
    expect((refused as Error & { code?: string }).code).to.equal('SQLITE_NOTADB');
    const store = await ThreadedSqliteKeyStore.open(join(dir, 'other.sqlite3'));
    await store.close();
    const closed = await store.changeMark().then(
      () => null,
      (error: unknown) => error,
    );
    expect(String(closed)).to.contain('key store closed');
  });
});

describe('ThreadedSqliteKeyStore on a thread booted ahead (npm start boots it before the stores open)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'keys-booted-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the booted thread, which opens the file named then; the next store starts its own', async () => {
    bootKeyStoreThread();
    expect(bootedKeyStoreThreadWaiting()).to.equal(true);
    const file = join(dir, 'keys.sqlite3');
    expect(existsSync(file)).to.equal(false);
    const store = await ThreadedSqliteKeyStore.open(file);
    expect(bootedKeyStoreThreadWaiting()).to.equal(false);
    expect(existsSync(file)).to.equal(true);
    const [[epoch, master]] = await store.addEpochs([['2026-11', Buffer.alloc(32, 5)]]);
    expect(epoch).to.equal('2026-11');
    expect(Buffer.compare(master, Buffer.alloc(32, 5))).to.equal(0);
    const other = await ThreadedSqliteKeyStore.open(join(dir, 'other.sqlite3'));
    expect((await other.load()).ring.masters).to.deep.equal([]);
    expect((await store.load()).ring.masters.map(([each]) => each)).to.deep.equal(['2026-11']);
    await Promise.all([store.close(), other.close()]);
  });

  it('refuses a file that is no key store as a thread started for it does', async () => {
    bootKeyStoreThread();
    const file = join(dir, 'keys.sqlite3');
    writeFileSync(file, Buffer.alloc(4096, 7));
    const refused = await ThreadedSqliteKeyStore.open(file).then(
      () => null,
      (error: unknown) => error,
    );
    expect((refused as Error & { code?: string }).code).to.equal('SQLITE_NOTADB');
  });
});

/** A key store thread that dies must not leave the server without keys until it restarts. */
describe('ThreadedSqliteKeyStore when its thread dies', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'keys-restart-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const threadOf = (store: ThreadedSqliteKeyStore): Worker => (store as unknown as { worker: Worker }).worker;

  it('fails the calls in flight, then answers the next call from a new thread with the same keys', async () => {
    const store = await ThreadedSqliteKeyStore.open(join(dir, 'keys.sqlite3'));
    const ring = new KeyRing();
    const added = await store.addEpochs(ring.newEpochs(['message-1']));
    const stopping = threadOf(store).terminate();
    const inFlight = store.load().then(
      () => null,
      (error: unknown) => error,
    );
    await stopping;
    expect(String(await inFlight)).to.contain('key store thread exited with 1');
    expect(store.threadsStarted).to.equal(1);
    const loaded = await store.load();
    expect(store.threadsStarted).to.equal(2);
    expect(loaded.ring.masters).to.deep.equal(added);
    // The new thread writes too, durably: a store opened afresh reads what it stored.
    ring.addMasters(added);
    await store.forget(ring.planForget(['message-1']), 9);
    await store.close();
    const again = new SqliteKeyStore(join(dir, 'keys.sqlite3'));
    const reread = await again.load();
    await again.close();
    expect(reread.ring.masters).to.deep.equal([]);
    expect(reread.lastForget).to.equal(9);
    expect(store.threadsStarted).to.equal(2);
  });

  it('starts no thread once closed, even when its thread died before', async () => {
    const store = await ThreadedSqliteKeyStore.open(join(dir, 'keys.sqlite3'));
    await threadOf(store).terminate();
    await store.close();
    const closed = await store.load().then(
      () => null,
      (error: unknown) => error,
    );
    expect(String(closed)).to.contain('key store closed');
    expect(store.threadsStarted).to.equal(1);
  });
});
