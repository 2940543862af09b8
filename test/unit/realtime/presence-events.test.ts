import { expect } from 'chai';
import { presenceDeliveries } from '@chat/realtime';

describe('presenceDeliveries', function () {
  const entry = { userId: 7, activeAt: 1_000, idleAt: 1_060, updateId: 12 };
  const deliveries = presenceDeliveries({ entry, email: 'user7@example.com', serverTimestamp: 1_060.25 }, [3, 4]);

  it('the modern event goes to queues with simplified_presence_events', function () {
    expect(deliveries[0]).to.deep.equal({
      userIds: [3, 4],
      event: { type: 'presence', presences: { '7': { active_timestamp: 1_000, idle_timestamp: 1_060 } } },
      audience: { capabilities: { simplified_presence_events: true } },
    });
  });

  it('the legacy event goes to the other queues', function () {
    expect(deliveries[1]).to.deep.equal({
      userIds: [3, 4],
      event: {
        type: 'presence',
        user_id: 7,
        email: 'user7@example.com',
        server_timestamp: 1_060.25,
        presence: { website: { client: 'website', status: 'active', timestamp: 1_000, pushable: false } },
      },
      audience: { capabilities: { simplified_presence_events: false } },
    });
  });
});
