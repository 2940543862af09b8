import { copyOf, removeDir } from '../seed/seeded-org.js';
import { ChatApi } from './chat-api.js';
import { freePort } from './free-port.js';
import { type ServerProcess, startChatServer } from './server-process.js';

/** Runs `work` against a chat server over a private copy of a seeded data directory (with `env` besides), then stops it and removes the copy. */
export async function withChatServer<T>(seedDir: string, work: (server: ServerProcess, api: ChatApi) => Promise<T>, env: NodeJS.ProcessEnv = {}): Promise<T> {
  const dataDir = copyOf(seedDir);
  const server = await startChatServer(dataDir, await freePort(), env);
  const api = new ChatApi(server.url);
  try {
    return await work(server, api);
  } finally {
    api.close();
    await server.stop();
    removeDir(dataDir);
  }
}
