import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryKeyStore, SqliteKeyStore, ThreadedSqliteKeyStore } from '@chat/keystore';
import { MongoKeyStore } from '@chat/keystore/mongodb';
import { keyStoreContract } from './key-store.contract.js';

keyStoreContract('MemoryKeyStore', async () => new MemoryKeyStore());

let dir = '';
keyStoreContract(
  'SqliteKeyStore',
  async () => {
    dir = mkdtempSync(join(tmpdir(), 'keys-contract-'));
    return new SqliteKeyStore(join(dir, 'keys.sqlite3'));
  },
  async () => rmSync(dir, { recursive: true, force: true }),
);

keyStoreContract(
  'ThreadedSqliteKeyStore',
  async () => {
    dir = mkdtempSync(join(tmpdir(), 'keys-contract-'));
    return ThreadedSqliteKeyStore.open(join(dir, 'keys.sqlite3'));
  },
  async () => rmSync(dir, { recursive: true, force: true }),
);

const mongoUrl = process.env.MONGO_URL;
if (mongoUrl) {
  let dbName = '';
  keyStoreContract(
    'MongoKeyStore',
    async () => {
      dbName = `chat_keys_contract_${Date.now()}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
      return MongoKeyStore.connect(mongoUrl, dbName);
    },
    async () => {
      const { MongoClient } = await import('mongodb');
      const client = await MongoClient.connect(mongoUrl);
      await client.db(dbName).dropDatabase();
      await client.close();
    },
  );
} else {
  describe('KeyStore contract: MongoKeyStore', function () {
    it('runs only against a server: set MONGO_URL, e.g. mongodb://localhost:27017/?replicaSet=rs0');
  });
}
