import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { canMapFiles } from '../../../packages/readstore/src/memory/snapshot/mapped-file.js';
import { type ArrayPart, checkArraysFile, mapArraysFile, readArraysFile, writeArraysFile } from '../../../packages/readstore/src/memory/snapshot/snapshot-arrays-file.js';
import { roomFor, type SnapshotArray } from '../../../packages/readstore/src/memory/snapshot/snapshot-image.js';

describe('snapshot arrays file: tables of numbers mapped into memory, or read', function () {
  let dir: string;
  let path: string;
  let parts: ArrayPart[];
  const tables = (): Record<string, SnapshotArray> => ({
    ids: Int32Array.from({ length: 5000 }, (_, at) => at * 3 - 7),
    times: Float64Array.from({ length: 777 }, (_, at) => 1.7e12 + at / 8),
    holders: Uint16Array.from({ length: 3001 }, (_, at) => at % 65535),
    flags: Uint8Array.from({ length: 13 }, (_, at) => at),
  });

  beforeEach(async function () {
    dir = mkdtempSync(join(tmpdir(), 'chat-arrays-'));
    path = join(dir, 'read-models.snapshot-abc.arrays');
    parts = await writeArraysFile(path, 'abc', tables());
  });
  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  const asLoaded = (arrays: ReturnType<typeof readArraysFile> | null) => {
    if (arrays === null || typeof arrays === 'string') throw new Error(`not loaded: ${arrays}`);
    return arrays;
  };

  it('maps on this machine (the addon is built by npm install)', function () {
    expect(canMapFiles()).to.equal(true);
  });

  it('gives back every table, of its type, with zeroed room after it, mapped or read', function () {
    expect(checkArraysFile(path, 'abc', parts)).to.equal(null);
    for (const arrays of [asLoaded(mapArraysFile(path, 'abc', parts)), asLoaded(readArraysFile(path, 'abc', parts))]) {
      for (const [name, table] of Object.entries(tables())) {
        const loaded = arrays.get(name);
        expect(loaded?.length, name).to.equal(table.length);
        expect(loaded?.array.constructor).to.equal(table.constructor);
        expect(loaded?.array.length, name).to.equal(table.length + roomFor(table.length));
        expect(Array.from(loaded?.array.subarray(0, table.length) ?? [])).to.deep.equal(Array.from(table));
        expect(loaded?.array.subarray(table.length).every((each) => each === 0)).to.equal(true);
      }
    }
  });

  it('keeps writes to a mapped table in this process: the file is unchanged', function () {
    const before = readFileSync(path);
    const mapped = asLoaded(mapArraysFile(path, 'abc', parts));
    const ids = mapped.get('ids')?.array as Int32Array;
    ids[10] = 424242;
    ids[ids.length - 1] = 99;
    expect(ids[10]).to.equal(424242);
    expect(readFileSync(path).equals(before)).to.equal(true);
    expect((asLoaded(mapArraysFile(path, 'abc', parts)).get('ids')?.array as Int32Array)[10]).to.equal(23);
  });

  it('names the table whose bytes changed, and refuses a cut file or one of another snapshot', function () {
    const bytes = readFileSync(path);
    const times = parts.find((part) => part.name === 'times');
    bytes[(times?.offset ?? 0) + 100] ^= 0x10;
    writeFileSync(path, bytes);
    expect(checkArraysFile(path, 'abc', parts)).to.equal('checksum mismatch in times');
    expect(readArraysFile(path, 'abc', parts)).to.equal('checksum mismatch in times');
    expect(checkArraysFile(path, 'abd', parts)).to.equal('the arrays file belongs to another snapshot');
    expect(mapArraysFile(path, 'abd', parts)).to.equal('the arrays file belongs to another snapshot');
    truncateSync(path, bytes.length - 10);
    expect(checkArraysFile(path, 'abc', parts)).to.equal('cut short in flags');
    expect(mapArraysFile(path, 'abc', parts)).to.equal('cut short in flags');
    rmSync(path);
    expect(checkArraysFile(path, 'abc', parts)).to.equal('its arrays file is missing');
    expect(mapArraysFile(path, 'abc', parts)).to.equal('its arrays file is missing');
  });
});
