import type { ForgetPlan } from '../key-ring.js';
import type { KeyStore, StoredKeys } from '../key-store.js';

/** Keys in memory only: for tests and for tools that read a log without its store. Nothing is durable. */
export class MemoryKeyStore implements KeyStore {
  private readonly masters = new Map<string, Buffer>();
  private readonly epochKeys = new Map<string, Buffer>();
  private lastForget = 0;
  private logId: string | null = null;
  private version = 0;

  async load(): Promise<StoredKeys> {
    return {
      ring: { masters: [...this.masters].map(([e, k]) => [e, Buffer.from(k)]), materialized: [...this.epochKeys].map(([e, k]) => [e, Buffer.from(k)]) },
      lastForget: this.lastForget,
      logId: this.logId,
    };
  }

  async addEpochs(epochs: readonly (readonly [string, Buffer])[]): Promise<[string, Buffer][]> {
    this.version++;
    for (const [epoch, master] of epochs) if (!this.masters.has(epoch) && !this.epochKeys.has(epoch)) this.masters.set(epoch, Buffer.from(master));
    return epochs.flatMap(([epoch]): [string, Buffer][] => {
      const master = this.masters.get(epoch);
      return master ? [[epoch, Buffer.from(master)]] : [];
    });
  }

  async forget(plan: ForgetPlan, position: number): Promise<void> {
    for (const [epoch, keys] of plan.epochKeys) this.epochKeys.set(epoch, Buffer.from(keys));
    for (const epoch of plan.dropMasters) this.masters.delete(epoch);
    this.lastForget = Math.max(this.lastForget, position);
    this.version++;
  }

  async bindLog(logId: string): Promise<void> {
    this.logId ??= logId;
  }

  async changeMark(): Promise<string> {
    return String(this.version);
  }

  async close(): Promise<void> {}
}
