import { expect } from 'chai';
import { MemoryKeyStore } from '@chat/keystore';
import { StorageHealth } from '../../../services/api/src/files/storage-health.js';
import { StorageWatchedKeyStore } from '../../../services/api/src/keys/storage-watched-key-store.js';

const full = (): Error => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

/** A memory key store whose next writes fail as SQLite does on a full disk. */
class FillingKeyStore extends MemoryKeyStore {
  failures = 0;
  private refuse(): void {
    if (this.failures === 0) return;
    this.failures -= 1;
    throw full();
  }
  override async forget(...args: Parameters<MemoryKeyStore['forget']>): Promise<void> {
    this.refuse();
    return super.forget(...args);
  }
  override async addEpochs(...args: Parameters<MemoryKeyStore['addEpochs']>): ReturnType<MemoryKeyStore['addEpochs']> {
    this.refuse();
    return super.addEpochs(...args);
  }
}

describe('StorageWatchedKeyStore', function () {
  it('marks the keys full when a write is refused for lack of space, passes the error on, and clears them at the next write that succeeds', async function () {
    const inner = new FillingKeyStore();
    const health = new StorageHealth('/nonexistent', new Set());
    const store = new StorageWatchedKeyStore(inner, health);
    inner.failures = 1;
    const refused = await store.addEpochs([['e1', Buffer.alloc(32, 1)]]).then(() => null, (error: unknown) => error);
    expect(refused).to.have.property('code', 'SQLITE_FULL');
    expect(health.full()).to.deep.equal(['keys']);
    inner.failures = 1;
    const plan = { subjects: [], dropMasters: [], epochKeys: [] };
    expect(await store.forget(plan, 7).then(() => 'ok', (error: { code?: string }) => error.code)).to.equal('SQLITE_FULL');
    expect(health.full()).to.deep.equal(['keys']);
    expect(await store.addEpochs([['e1', Buffer.alloc(32, 1)]])).to.have.length(1);
    expect(health.full()).to.deep.equal([]);
    await store.forget(plan, 7);
    expect((await store.load()).lastForget).to.equal(7);
    health.close();
  });

  it('leaves other failures alone: the keys are not marked full', async function () {
    const inner = new MemoryKeyStore();
    inner.forget = async () => {
      throw new Error('key store busy');
    };
    const health = new StorageHealth('/nonexistent', new Set());
    const store = new StorageWatchedKeyStore(inner, health);
    expect(await store.forget({ subjects: [], dropMasters: [], epochKeys: [] }, 1).then(() => 'ok', (error: Error) => error.message)).to.equal('key store busy');
    expect(health.full()).to.deep.equal([]);
    health.close();
  });
});
