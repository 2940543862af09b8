import { parentPort, workerData } from 'node:worker_threads';
import { SqliteSearchIndex } from './sqlite-search-index.js';
import type { SearchWriterOptions, WriterAnswer, WriterMessage, WriterRequest, WriterWrite } from './search-writer-protocol.js';

/**
 * The search index's writer, in a worker thread (started by ThreadedSearchIndex): the FTS5 writes,
 * their secure deletes and their commits run here, so a deletion of a hundred indexed messages or a
 * commit of a quarter second's writes never holds the server's event loop.
 */
const options = workerData as SearchWriterOptions;
/** The failure reported and not resumed yet: later writes are dropped (the index refuses them too). */
let failed: Error | null = null;

const codeOf = (error: Error): string | undefined => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};
const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
const post = (answer: WriterAnswer): void => parentPort?.postMessage(answer);

/** A write or a commit failed (the quarter-second commit too, with no write to throw it to): reported at once. */
function report(error: Error): void {
  if (failed) return;
  failed = error;
  post({ failed: error.message, code: codeOf(error) });
}

const index = new SqliteSearchIndex(options.file, { checkpointPages: options.checkpointPages, onFailure: report });

function write(message: WriterWrite): void {
  if (message.kind === 'resume') {
    failed = null;
    index.resume();
    return;
  }
  if (failed) return;
  try {
    switch (message.kind) {
      case 'put':
        index.put(message.doc, message.position);
        break;
      case 'setText':
        index.setText(message.messageId, message.text, message.position);
        break;
      case 'setTopic':
        index.setTopic(message.ids, message.topic, message.position);
        break;
      case 'remove':
        index.remove(message.ids, message.position);
        break;
    }
  } catch (error) {
    report(asError(error));
  }
}

async function answer(request: WriterRequest): Promise<number> {
  switch (request.kind) {
    case 'sync':
      if (failed) throw failed;
      break;
    case 'commit':
      await index.flush().catch(() => undefined);
      break;
    case 'flush':
      if (failed) throw failed;
      await index.flush();
      break;
    case 'clear':
      await index.clear();
      break;
    case 'close':
      await index.close();
      break;
    case 'position':
      break;
  }
  return index.position();
}

/**
 * Every message in the order it came: the index's methods do their work when called (its async ones
 * have nothing to wait for), so a question's work is done after the writes before it and before the
 * ones after it.
 */
parentPort?.on('message', (message: WriterMessage) => {
  if (!('id' in message)) {
    write(message);
    return;
  }
  answer(message).then(
    (position) => post({ id: message.id, position }),
    (error: unknown) => {
      const cause = asError(error);
      post({ id: message.id, error: cause.message, code: codeOf(cause) });
    },
  );
});
