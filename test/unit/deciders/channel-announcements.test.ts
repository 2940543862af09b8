import { expect } from 'chai';
import { type ChannelCreated, channelCreatedNotice, newChannelsAnnouncement } from '@chat/core';
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

  it("every new channel's own notice names its kind, its creator and its description, read for the creator only", () => {
    const tail = (text: string) => `. **Description:**\n\`\`\`\` quote\n${text}\n\`\`\`\``;
    expect(channelCreatedNotice(creator, channel({ description: 'Plants' }))).to.deep.equal({
      place: { channel_id: 7, topic: 'channel events' },
      content: `**Public** channel created by @_**Ada|4**${tail('Plants')}`,
      read: { only: [4] },
    });
    const kinds = [
      channel({ is_web_public: true }),
      channel({ invite_only: true }),
      channel({ invite_only: true, history_public_to_subscribers: false }),
    ].map((each) => channelCreatedNotice(creator, each).content);
    expect(kinds).to.deep.equal([
      `**Web-public** channel created by @_**Ada|4**${tail('*No description.*')}`,
      `**Private, shared history** channel created by @_**Ada|4**${tail('*No description.*')}`,
      `**Private, protected history** channel created by @_**Ada|4**${tail('*No description.*')}`,
    ]);
  });
});
