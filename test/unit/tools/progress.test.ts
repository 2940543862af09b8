import { expect } from 'chai';
import { Writable } from 'node:stream';
import { exportProgress } from '../../../tools/events/export/export-progress.js';
import { progressOf } from '../../../tools/events/progress.js';

/** A stream that is not a terminal, keeping what was written. */
function captured(): Writable & { text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return Object.assign(stream, { text: () => chunks.join('') });
}

describe('progress of the long verbs (verify, replay, audit, export)', function () {
  it('writes plain lines with the share done and an estimate when stderr is not a terminal', async function () {
    const stderr = captured();
    const progress = progressOf('verify', stderr, 1000, { unit: 'positions', plainEveryMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    progress.update(250);
    progress.update(1000);
    progress.stop();
    const lines = stderr.text().trim().split('\n');
    expect(lines).to.have.length(2);
    expect(lines[0]).to.match(/^verify: 25% \(250 of 1000 positions\), about \d+ s left$/);
    expect(lines[1]).to.match(/^verify: 100% \(1000 of 1000 positions\), about 0 s left$/);
  });

  it('writes nothing before the first interval has passed, so a quick run stays quiet', function () {
    const stderr = captured();
    const progress = progressOf('replay', stderr, 10, { unit: 'positions' });
    for (let done = 1; done <= 10; done++) progress.update(done);
    progress.stop();
    expect(stderr.text()).to.equal('');
  });

  it('export: plain lines by position from its first one, when stderr is not a terminal', async function () {
    const stderr = captured();
    const progress = exportProgress(stderr, true, captured(), 100, 300, 0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    progress.scanned(150);
    progress.stop();
    expect(stderr.text()).to.match(/^export: 25% \(50 of 200 positions\), about \d+ s left\n$/);
  });
});
