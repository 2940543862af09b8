import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { HOST_URLS } from '../../support/production-stores.js';

// No Docker engine runs here: these check what can be checked without one.
const ROOT = join(import.meta.dirname, '../../..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

interface ComposeService {
  image?: string;
  environment?: Record<string, string | number>;
  healthcheck?: { test: string[] };
  init?: boolean;
}

/** Environment names the server reads: `env.NAME` / `process.env.NAME` anywhere in services/api/src. */
function namesReadByServer(): Set<string> {
  const names = new Set<string>();
  const dir = join(ROOT, 'services/api/src');
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) names.add(match[1]);
  }
  return names;
}

/** The workspace folders package.json names (globs of one trailing star expanded). */
function workspaceDirs(): string[] {
  const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
  return workspaces.flatMap((pattern) =>
    pattern.endsWith('/*') ? readdirSync(join(ROOT, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`) : [pattern],
  ).filter((dir) => existsSync(join(ROOT, dir, 'package.json')));
}

describe('deployment files (checked without a Docker engine)', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };
  const api = compose.services.api;

  it('compose: every variable it gives the api service is one the server reads', () => {
    const read = namesReadByServer();
    const given = Object.keys(api.environment ?? {});
    expect(given).to.include.members(['CHAT_EXTERNAL_URL', 'CHAT_SERVER_SECRET', 'EVENT_STORE', 'READ_STORE', 'MONGO_URL']);
    for (const name of given) expect(read.has(name), `${name} is set in docker-compose.yml but never read`).to.equal(true);
  });

  it('compose: the stores run images pinned to a release (major.minor.patch), not a moving tag', () => {
    for (const name of ['eventstore', 'mongo']) expect(compose.services[name].image, name).to.match(/:\d+\.\d+\.\d+(-[a-z0-9-]+)?$/);
  });

  it('compose: its first-contact hint is the npm script that exists, with the host URLs the skipped suites name', () => {
    const text = read('docker-compose.yml');
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test:first-contact']).to.be.a('string');
    expect(text).to.contain(`ESDB_URL='${HOST_URLS.ESDB_URL}' MONGO_URL='${HOST_URLS.MONGO_URL}' npm run test:first-contact`);
    expect(text).not.to.match(/--scale api=\d+ behind/);
  });

  it('compose: the api has a healthcheck on /ready, an init that forwards signals, and a required shared secret', () => {
    expect(api.healthcheck?.test.join(' ')).to.contain('/ready');
    expect(api.init).to.equal(true);
    expect(String(api.environment?.CHAT_SERVER_SECRET)).to.match(/^\$\{CHAT_SERVER_SECRET:\?/);
    expect(String(api.environment?.CHAT_EXTERNAL_URL)).to.match(/^\$\{CHAT_EXTERNAL_URL:-http/);
  });

  it('Dockerfile: production dependencies only, every workspace manifest installed before the sources, the server compiled, node itself as the command', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).to.contain('npm ci --omit=dev');
    expect(dockerfile).to.match(/^FROM .* AS deps$/m);
    const install = dockerfile.indexOf('npm ci');
    for (const dir of workspaceDirs()) {
      const copy = dockerfile.indexOf(`COPY ${dir}/package.json ${dir}/`);
      expect(copy, `${dir}/package.json is not copied before npm ci`).to.be.within(0, install);
    }
    // npm ci runs the `prepare` script (the build), which must exist then; the build itself runs once the sources are in.
    expect(dockerfile.indexOf('COPY tools/build/ tools/build/')).to.be.within(0, install);
    expect(dockerfile.indexOf('COPY . .')).to.be.above(install);
    expect(dockerfile.indexOf('RUN node tools/build/server-build.mjs --strict')).to.be.above(dockerfile.indexOf('COPY . .'));
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    const command = JSON.parse(cmd ?? '[]') as string[];
    expect(command).to.deep.equal(['node', 'services/api/start.mjs']);
    expect(existsSync(join(ROOT, command[1])), command[1]).to.equal(true);
    expect(dockerfile).to.match(/^HEALTHCHECK [\s\S]*\/ready/m);
  });

  it('package.json: esbuild (the build) and tsx (its fallback) are runtime dependencies, the build runs at install, and npm start execs node so signals reach it', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
    for (const name of ['esbuild', 'tsx']) {
      expect(pkg.dependencies).to.have.property(name);
      expect(pkg.devDependencies).not.to.have.property(name);
    }
    expect(pkg.scripts.prepare).to.equal('node tools/build/server-build.mjs');
    expect(pkg.scripts.start).to.equal('exec node services/api/start.mjs');
  });

  it('.dockerignore keeps out node_modules, data, caches, results and the git folder', () => {
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
    for (const entry of ['node_modules', '**/node_modules', 'data', 'bench/.cache', 'bench/results', '.git']) expect(ignored).to.include(entry);
  });
});
