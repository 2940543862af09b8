import { expect } from 'chai';
import { TimeSlicer, yieldToOthers } from '@chat/http';

/** Keeps the thread busy for `ms` milliseconds, as a long computation does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

/** A budget far above any pause the machine may take between two statements of a test. */
const BUDGET = 50;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('TimeSlicer: one budget per stretch of the event loop', function () {
  it('counts the work of every slicer in the same stretch: the phases of a request share one budget', async function () {
    await nextTurn();
    const reading = new TimeSlicer(BUDGET);
    expect(reading.due()).to.equal(false);
    busy(BUDGET + 10);
    expect(reading.due()).to.equal(true);
    // A later phase (serializing the answer) with a slicer of its own has no fresh budget.
    const serializing = new TimeSlicer(BUDGET);
    expect(serializing.due()).to.equal(true);
  });

  it('starts a new stretch once it has let the loop run', async function () {
    await nextTurn();
    const first = new TimeSlicer(BUDGET);
    first.due();
    busy(BUDGET + 10);
    await first.pause();
    expect(first.yields).to.equal(1);
    expect(first.due()).to.equal(false);
    expect(new TimeSlicer(BUDGET).due()).to.equal(false);
  });

  it('starts a new stretch after any yield, and after the loop reached its next turn by itself', async function () {
    await nextTurn();
    const slicer = new TimeSlicer(BUDGET);
    slicer.due();
    busy(BUDGET + 10);
    await yieldToOthers();
    expect(slicer.due()).to.equal(false);
    busy(BUDGET + 10);
    expect(slicer.due()).to.equal(true);
    await nextTurn();
    await nextTurn();
    expect(slicer.due()).to.equal(false);
  });
});
