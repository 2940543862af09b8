import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './server-process.js';

/**
 * Why a small file system cannot be made here, or null when it can. It is a tmpfs mounted in a
 * mount namespace of the test's own (`unshare --user --map-root-user --mount`): no root needed
 * wherever unprivileged user namespaces are allowed (Linux's default, and GitHub's runners), and
 * root works too. Nothing outside the namespace sees the mount.
 */
export function smallFilesystemUnavailable(): string | null {
  const probe = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs /tmp && echo mounted'], { encoding: 'utf8' });
  if (probe.error) return `unshare is not available (${probe.error.message})`;
  return probe.stdout.includes('mounted') ? null : `this kernel refuses a tmpfs in a user namespace: ${probe.stderr.trim()}`;
}

/**
 * The server over a data directory on a tmpfs of `sizeMiB`, and a controller in the same namespace
 * (the test cannot see the mount): `fill` writes a ballast file until the disk is full, `free`
 * removes it, `incoming` counts the entries of DATA_DIR/incoming, `alive` says whether the server
 * process still runs. Closing stdin stops both.
 */
export class ServerOnSmallFilesystem {
  /** Everything printed; and what was printed since the last command (where waits look). */
  private all = '';
  private text = '';
  private readonly waiters: { pattern: RegExp; resolve: (match: RegExpExecArray) => void }[] = [];
  readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    const take = (chunk: Buffer): void => {
      this.all += chunk.toString();
      this.text += chunk.toString();
      for (const waiter of [...this.waiters]) {
        const match = waiter.pattern.exec(this.text);
        if (match) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(match);
        }
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  static async start(dataDir: string, sizeMiB: number, env: NodeJS.ProcessEnv): Promise<{ server: ServerOnSmallFilesystem; url: string }> {
    const script = [
      'set -e',
      `mount -t tmpfs -o size=${sizeMiB}m,mode=0700 tmpfs "$DATA_DIR"`,
      `node --import tsx ${JSON.stringify(join(REPO_ROOT, 'services/api/src/main.ts'))} &`,
      'server=$!',
      'set +e',
      'while read command; do',
      '  case "$command" in',
      '    fill) dd if=/dev/zero of="$DATA_DIR/ballast" bs=64k 2>/dev/null; sync;;',
      '    free) rm -f "$DATA_DIR/ballast";;',
      '    incoming) echo "result=$(ls -A "$DATA_DIR/incoming" | wc -l)";;',
      '    alive) if kill -0 "$server" 2>/dev/null; then echo result=yes; else echo result=no; fi;;',
      '  esac',
      '  echo "done-$command"',
      'done',
      'kill -TERM "$server"; wait "$server"',
    ].join('\n');
    const child = spawn('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script], { cwd: REPO_ROOT, env: { ...process.env, ...env, DATA_DIR: dataDir } });
    const server = new ServerOnSmallFilesystem(child);
    const serving = server.waitFor(/"url":"(http:\/\/[^"]+)\/api\/v1"/);
    const url = await Promise.race([serving, server.exited.then((code) => Promise.reject(new Error(`exited (${code}) before serving:\n${server.all}`)))]);
    return { server, url: url[1] };
  }

  /** Runs a controller command, waits until it is done, and answers what it printed (`incoming`, `alive`). */
  async command(command: 'fill' | 'free' | 'incoming' | 'alive'): Promise<string> {
    this.text = '';
    const done = this.waitFor(new RegExp(`(?:result=(\\S+)\\n)?done-${command}\\n`));
    this.child.stdin.write(`${command}\n`);
    return (await done)[1] ?? '';
  }

  output(): string {
    return this.all;
  }

  async stop(): Promise<number | null> {
    this.child.stdin.end();
    return this.exited;
  }

  private waitFor(pattern: RegExp): Promise<RegExpExecArray> {
    const match = pattern.exec(this.text);
    if (match) return Promise.resolve(match);
    return new Promise((resolve) => this.waiters.push({ pattern, resolve }));
  }
}
