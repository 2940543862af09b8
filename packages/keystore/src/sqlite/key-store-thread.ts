import { parentPort } from 'node:worker_threads';
import type { ForgetPlan } from '../key-ring.js';
import { asBuffer, type KeyStoreAnswer, type KeyStoreReply, type KeyStoreRequest } from './key-store-protocol.js';
import { SqliteKeyStore } from './sqlite-key-store.js';

/**
 * The embedded key store's writer, in a worker thread (started by ThreadedSqliteKeyStore): a durable
 * commit waits for the disk (two syncs with a rollback journal), which the server's event loop must
 * not. Requests are carried out one after another, in the order they came, the first naming the file
 * (`open`): a thread may be started before the file is known (key-store-boot.ts).
 */
let store: SqliteKeyStore | null = null;
let opening: Error | null = null;

/** Opens the store; a file that does not open makes every later request fail with why. */
function open(file: string): void {
  try {
    store = new SqliteKeyStore(file);
    opening = null;
  } catch (error) {
    opening = error instanceof Error ? error : new Error(String(error));
  }
}

const planOf = (plan: ForgetPlan): ForgetPlan => ({ ...plan, epochKeys: plan.epochKeys.map(([epoch, keys]) => [epoch, asBuffer(keys)]) });


async function carryOut(request: KeyStoreRequest): Promise<KeyStoreReply> {
  if (request.op === 'open') {
    open(request.file);
    return null;
  }
  if (!store) throw opening ?? new Error('key store not open');
  switch (request.op) {
    case 'load':
      return store.load();
    case 'addEpochs':
      return store.addEpochs(request.epochs.map(([epoch, master]) => [epoch, asBuffer(master)] as const));
    case 'forget':
      await store.forget(planOf(request.plan), request.position);
      return null;
    case 'bindLog':
      await store.bindLog(request.logId);
      return null;
    case 'changeMark':
      return store.changeMark();
    case 'close':
      await store.close();
      return null;
  }
}

let queue: Promise<void> = Promise.resolve();
parentPort?.on('message', (request: KeyStoreRequest) => {
  queue = queue.then(async () => {
    let answer: KeyStoreAnswer;
    try {
      answer = { id: request.id, ok: await carryOut(request) };
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      const code = 'code' in failure && typeof failure.code === 'string' ? failure.code : undefined;
      answer = { id: request.id, error: { name: failure.name, message: failure.message, ...(code ? { code } : {}) } };
    }
    parentPort?.postMessage(answer);
  });
});
