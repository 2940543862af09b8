import { expect } from 'chai';
import { fetchPresences, PresenceStore, type PresenceRequest } from '@chat/realtime';

const DAY = 86_400;
const NOW = 100 * DAY;

/** Ann (1) active now, Ben (2) idle a day ago, Cy (3) last seen 20 days ago. */
function world(): { store: PresenceStore; visible: Map<number, string> } {
  const store = new PresenceStore();
  store.ping(3, 'active', NOW - 20 * DAY, 0);
  store.ping(2, 'active', NOW - DAY - 1_000, 0);
  store.ping(2, 'idle', NOW - DAY, 0);
  store.ping(1, 'active', NOW, 0);
  const visible = new Map([
    [1, 'ann@example.com'],
    [2, 'ben@example.com'],
    [3, 'cy@example.com'],
  ]);
  return { store, visible };
}

const request = (overrides: Partial<PresenceRequest> = {}): PresenceRequest => ({ modern: true, since: null, historyDays: 14, now: NOW, ...overrides });

describe('fetchPresences', function () {
  it('modern: keyed by user id, users last seen beyond the history limit left out', function () {
    const { store, visible } = world();
    expect(fetchPresences(store, visible, request())).to.deep.equal({
      presences: {
        '1': { active_timestamp: NOW, idle_timestamp: NOW },
        '2': { active_timestamp: NOW - DAY - 1_000, idle_timestamp: NOW - DAY },
      },
      lastUpdateId: 4,
    });
    expect(Object.keys(fetchPresences(store, visible, request({ historyDays: 30 })).presences)).to.have.members(['1', '2', '3']);
    expect(Object.keys(fetchPresences(store, visible, request({ historyDays: 0 })).presences)).to.deep.equal(['1']);
  });

  it('legacy: keyed by email', function () {
    const { store, visible } = world();
    const { presences } = fetchPresences(store, visible, request({ modern: false, historyDays: 2 }));
    expect(presences).to.deep.equal({
      'ann@example.com': {
        aggregated: { client: 'website', status: 'active', timestamp: NOW },
        website: { client: 'website', status: 'active', timestamp: NOW, pushable: false },
      },
      'ben@example.com': {
        aggregated: { client: 'website', status: 'idle', timestamp: NOW - DAY },
        website: { client: 'website', status: 'idle', timestamp: NOW - DAY, pushable: false },
      },
    });
  });

  it('leaves out users who do not share their presence', function () {
    const { store, visible } = world();
    visible.delete(1);
    expect(Object.keys(fetchPresences(store, visible, request()).presences)).to.deep.equal(['2']);
  });

  it('since an update id: only later changes, without the history limit, and the newest id returned', function () {
    const { store, visible } = world();
    expect(fetchPresences(store, visible, request({ since: 2, historyDays: 0 }))).to.deep.equal({
      presences: {
        '2': { active_timestamp: NOW - DAY - 1_000, idle_timestamp: NOW - DAY },
        '1': { active_timestamp: NOW, idle_timestamp: NOW },
      },
      lastUpdateId: 4,
    });
  });

  it('nothing new: the id the client passed; nothing at all and no id passed: -1', function () {
    const { store, visible } = world();
    expect(fetchPresences(store, visible, request({ since: 4 }))).to.deep.equal({ presences: {}, lastUpdateId: 4 });
    expect(fetchPresences(new PresenceStore(), visible, request())).to.deep.equal({ presences: {}, lastUpdateId: -1 });
    expect(fetchPresences(new PresenceStore(), visible, request({ since: -1 }))).to.deep.equal({ presences: {}, lastUpdateId: -1 });
  });

  it('a client ahead of the store (its ids are from a store that was lost) gets everything again', function () {
    const { store, visible } = world();
    const answer = fetchPresences(store, visible, request({ since: 99 }));
    expect(Object.keys(answer.presences)).to.have.members(['1', '2']);
    expect(answer.lastUpdateId).to.equal(4);
  });
});
