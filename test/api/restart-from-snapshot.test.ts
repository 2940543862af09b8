import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import { readModelsDigest } from '@chat/projections';
import { createChannels } from '../support/channel-requests.js';
import { objectField, stringField } from '../support/json-fields.js';
import { postDirect, postToChannel } from '../support/message-requests.js';
import { rebuiltModels } from '../support/rebuilt-models.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** A logger keeping the messages it was given, to tell a start from a snapshot from a replay. */
function recordingLog(lines: string[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(String((JSON.parse(chunk.toString()) as { msg?: unknown }).msg));
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

describe('a restart loads the read-models snapshot the clean stop wrote, then the log after it', function () {
  let server: TestServer;
  const lines: string[] = [];
  let edited: number;

  before(async function () {
    server = await startTestServer({ log: recordingLog(lines) });
    const ann = await server.createUser('Ann');
    await createChannels(server.owner, ['general']);
    edited = await postToChannel(server.owner, 'general', 'plans', 'first draft');
    await postDirect(ann, [server.owner.userId], 'hello there');
    expectSuccess(await server.owner.patch(`/messages/${edited}`, { content: 'second draft' }));
  });
  after(() => server.stop());

  it('writes the snapshot at the stop and starts from it, with bodies read from the log and models equal to a replay', async function () {
    server = await server.restart();
    expect(existsSync(join(server.dataDir, 'read-models.snapshot'))).to.equal(true);
    expect(lines).to.include('read models loaded from their snapshot');
    const read = await server.owner.get(`/messages/${edited}`, { apply_markdown: false });
    expect(stringField(objectField(read.body, 'message'), 'content')).to.equal('second draft');
    expect(await readModelsDigest(server.ctx.models)).to.deep.equal(await readModelsDigest(await rebuiltModels(server)));
  });

  it('follows the log after the snapshot: what was sent after it is there at the next start', async function () {
    const later = await postToChannel(server.owner, 'general', 'plans', 'after the snapshot');
    server = await server.restart();
    expect(stringField(objectField((await server.owner.get(`/messages/${later}`)).body, 'message'), 'content')).to.contain('after the snapshot');
    expect(await readModelsDigest(server.ctx.models)).to.deep.equal(await readModelsDigest(await rebuiltModels(server)));
  });

  it('replays the whole log when the snapshot is corrupt, and serves the same models', async function () {
    await server.ctx.snapshots?.close();
    const file = join(server.dataDir, 'read-models.snapshot');
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    // The stop writes no new snapshot: nothing was applied since the last one.
    writeFileSync(file, bytes);
    const expected = await readModelsDigest(server.ctx.models);
    lines.length = 0;
    server = await server.restart();
    expect(lines).to.include('no usable read-models snapshot; the log is replayed');
    expect(await readModelsDigest(server.ctx.models)).to.deep.equal(expected);
  });
});
