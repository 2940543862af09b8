import type { ForgetPlan, KeyStore, StoredKeys } from '@chat/keystore';
import type { StorageHealth } from '../files/storage-health.js';

/**
 * The key store with its writes reported to StorageHealth, as the log's are: a new epoch's key or a
 * forgetting refused for lack of space marks the keys full (/ready, the metrics, one log line), the
 * next write that succeeds clears them. The error goes on to the caller unchanged: an append then
 * answers STORAGE_FULL, the forgetting projection is retried until there is room (it never gives up
 * on a full disk).
 */
export class StorageWatchedKeyStore implements KeyStore {
  constructor(
    private readonly inner: KeyStore,
    private readonly storage: Pick<StorageHealth, 'watched'>,
  ) {}

  load(): Promise<StoredKeys> {
    return this.inner.load();
  }

  addEpochs(epochs: readonly (readonly [string, Buffer])[]): Promise<[string, Buffer][]> {
    return this.storage.watched('keys', this.inner.addEpochs(epochs));
  }

  forget(plan: ForgetPlan, position: number): Promise<void> {
    return this.storage.watched('keys', this.inner.forget(plan, position));
  }

  bindLog(logId: string): Promise<void> {
    return this.storage.watched('keys', this.inner.bindLog(logId));
  }

  changeMark(): Promise<string> {
    return this.inner.changeMark();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
