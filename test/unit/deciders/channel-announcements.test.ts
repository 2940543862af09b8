import { expect } from 'chai';
import { type ChannelCreated, newChannelsAnnouncement } from '@chat/core';
import { aUser } from '../../support/user-state-factory.js';

const creator = aUser({ user_id: 4, full_name: 'Ada' });
const channel = (overrides: Partial<ChannelCreated['data']>): ChannelCreated['data'] =>
  ({ channel_id: 7, name: 'garden', description: '', invite_only: false, is_web_public: false, history_public_to_subscribers: true, ...overrides }) as ChannelCreated['data'];

describe('announcements of new channels', () => {
  it('announces public channels only when asked and when the organization has the channel', () => {
    const two = [channel({}), channel({ channel_id: 8, name: 'orchard' }), channel({ channel_id: 9, name: 'vault', invite_only: true })];
    expect(newChannelsAnnouncement(creator, two, true, 3)).to.deep.equal({
      place: { channel_id: 3, topic: 'new channels' },
      content: '@_**Ada|4** created the following channels: #**garden**, #**orchard**.',
      read: { only: [4] },
    });
    expect(newChannelsAnnouncement(creator, [channel({})], true, 3)?.content).to.equal('@_**Ada|4** created a new channel #**garden**.');
    expect(newChannelsAnnouncement(creator, [channel({})], false, 3)).to.equal(null);
    expect(newChannelsAnnouncement(creator, [channel({})], true, null)).to.equal(null);
    expect(newChannelsAnnouncement(creator, [two[2]], true, 3)).to.equal(null);
  });
});
