import { expect } from 'chai';
import { Turnstile } from '../../../services/api/src/commands/turnstile.js';

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Turnstile', () => {
  it('runs shared work side by side', async () => {
    const gate = new Turnstile();
    let running = 0;
    let most = 0;
    const work = async () => {
      most = Math.max(most, ++running);
      await turn();
      running--;
    };
    await Promise.all([gate.shared(work), gate.shared(work), gate.shared(work)]);
    expect(most).to.equal(3);
  });

  it('runs solo work after the shared work in flight and before shared work that arrives meanwhile', async () => {
    const gate = new Turnstile();
    const order: string[] = [];
    const step = (name: string) => async () => {
      order.push(`${name} start`);
      await turn();
      await turn();
      order.push(`${name} end`);
    };
    const first = gate.shared(step('a'));
    const solo = gate.alone(step('solo'));
    const later = gate.shared(step('b'));
    await Promise.all([first, solo, later]);
    expect(order).to.deep.equal(['a start', 'a end', 'solo start', 'solo end', 'b start', 'b end']);
  });

  it('lets work nested in a pass through without waiting for itself', async () => {
    const gate = new Turnstile();
    const result = await gate.alone(async () => {
      expect(gate.nested()).to.equal(true);
      return gate.shared(() => gate.alone(async () => 'inner'));
    });
    expect(result).to.equal('inner');
    expect(gate.nested()).to.equal(false);
  });

  it('does not count work a finished pass left behind (a timer it set) as nested', async () => {
    const gate = new Turnstile();
    let later: Promise<boolean> = Promise.resolve(true);
    await gate.shared(async () => {
      later = new Promise((resolve) => setTimeout(() => resolve(gate.nested()), 5));
    });
    expect(await later).to.equal(false);
  });
});
