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
    await Promise.all([gate.shared('a', work), gate.shared('b', work), gate.shared('c', work)]);
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
    const first = gate.shared('a', step('a'));
    const solo = gate.alone('solo', step('solo'));
    const later = gate.shared('b', step('b'));
    await Promise.all([first, solo, later]);
    expect(order).to.deep.equal(['a start', 'a end', 'solo start', 'solo end', 'b start', 'b end']);
  });

  it("lets an owner's work started inside its own pass through, without waiting for itself", async () => {
    const gate = new Turnstile();
    const result = await gate.alone('request-1', async () => {
      expect(gate.nested('request-1')).to.equal(true);
      expect(gate.nested('request-2')).to.equal(false);
      return gate.shared('request-1', () => gate.alone('request-1', async () => 'inner'));
    });
    expect(result).to.equal('inner');
    expect(gate.nested('request-1')).to.equal(false);
  });

  it('keeps others waiting while a solo pass runs, and lets them on when it fails', async () => {
    const gate = new Turnstile();
    const order: string[] = [];
    const solo = gate.alone('solo', async () => {
      await turn();
      order.push('solo');
      throw new Error('lost again');
    });
    const other = gate.shared('other', async () => {
      order.push('other');
    });
    await solo.catch(() => undefined);
    await other;
    expect(order).to.deep.equal(['solo', 'other']);
  });
});
