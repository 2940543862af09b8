import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** Where export lines go: stdout or a file, written with back-pressure. */
export interface NdjsonOutput {
  write(line: string): Promise<void>;
  /** Resolves once a file is flushed and closed (stdout stays open). */
  end(): Promise<void>;
  /** Rejects when the reader went away (a closed pipe) or the file cannot be written. */
  readonly failed: Promise<never>;
}

/** `append`: a resumed export adds to the file the interrupted one wrote, never truncating it. */
export function ndjsonOutput(stdout: NodeJS.WritableStream, file: string | undefined, append = false): NdjsonOutput {
  const stream: NodeJS.WritableStream = file === undefined ? stdout : createWriteStream(file, { flags: append ? 'a' : 'w' });
  const failed = new Promise<never>((_, reject) => {
    stream.once('error', reject);
  });
  failed.catch(() => undefined);
  return {
    failed,
    async write(line) {
      if (!stream.write(line)) await Promise.race([once(stream, 'drain'), failed]);
    },
    async end() {
      if (file === undefined) return;
      stream.end();
      await Promise.race([once(stream, 'finish'), failed]);
    },
  };
}
