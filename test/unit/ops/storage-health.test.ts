import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { StorageHealth } from '../../../services/api/src/files/storage-health.js';

const noSpace = (): Error => Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });

describe('StorageHealth', function () {
  let dataDir: string;
  let told: string[];
  let health: StorageHealth;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-storage-'));
    told = [];
    health = new StorageHealth(dataDir, new Set(['log', 'uploads']), {
      refused: (area) => told.push(`refused ${area}`),
      full: (area) => told.push(`full ${area}`),
      cleared: (area) => told.push(`cleared ${area}`),
    });
  });
  afterEach(() => {
    health.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('marks an area full only for lack of space, tells once when it fills and once when it clears', function () {
    expect(health.failed('log', new Error('constraint failed'))).to.equal(false);
    expect(health.full()).to.deep.equal([]);
    expect(health.failed('search', Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))).to.equal(true);
    expect(health.failed('log', noSpace())).to.equal(true);
    expect(health.failed('log', noSpace())).to.equal(true);
    expect(health.full()).to.deep.equal(['log', 'search']);
    health.wrote('log');
    health.wrote('log');
    expect(health.full()).to.deep.equal(['search']);
    expect(told).to.deep.equal(['refused search', 'full search', 'refused log', 'full log', 'refused log', 'cleared log']);
  });

  it('clears the areas kept in the data directory when a probe finds room there, and leaves nothing behind', async function () {
    health.failed('uploads', noSpace());
    health.failed('search', noSpace());
    expect(await health.probe()).to.equal(true);
    expect(health.full()).to.deep.equal(['search']);
    expect(readdirSync(join(dataDir, 'incoming'))).to.deep.equal([]);
  });

  it('answers false, clearing nothing, when the probe cannot write', async function () {
    // A data directory that is a file: nothing can be written under it.
    writeFileSync(join(dataDir, 'not-a-directory'), '');
    const nowhere = new StorageHealth(join(dataDir, 'not-a-directory'), new Set(['log']));
    nowhere.failed('log', noSpace());
    expect(await nowhere.probe()).to.equal(false);
    expect(nowhere.full()).to.deep.equal(['log']);
    nowhere.close();
  });
});
