import { expect } from 'chai';
import type { DomainEvent } from '@chat/core';
import { freshModels, project } from '../../support/read-model-fixture.js';
import { storedEvents, T0 } from '../../support/stored-events.js';

const created = (channel_folder_id: number, name: string, order: number): DomainEvent => ({
  type: 'ChannelFolderCreated',
  data: { channel_folder_id, name, description: `About ${name}`, rendered_description: `<p>About ${name}</p>`, order, creator_id: 2 },
});

describe('channel folders projection', function () {
  it('holds folders as created, dated in UNIX seconds from the event metadata', async function () {
    const models = freshModels();
    await project(models, storedEvents([created(1, 'Frontend', 0)], () => T0 + 1_999));
    expect(await models.channelFolders.get(1)).to.deep.equal({
      id: 1,
      name: 'Frontend',
      description: 'About Frontend',
      rendered_description: '<p>About Frontend</p>',
      order: 0,
      date_created: Math.floor((T0 + 1_999) / 1000),
      creator_id: 2,
      is_archived: false,
    });
  });

  it('applies updates and archiving, keeping the recorded rendering', async function () {
    const models = freshModels();
    await project(models, storedEvents([
      created(1, 'Frontend', 0),
      { type: 'ChannelFolderUpdated', data: { channel_folder_id: 1, changes: { name: 'Web', description: 'UI', rendered_description: '<p>UI</p>' } } },
      { type: 'ChannelFolderUpdated', data: { channel_folder_id: 1, changes: { is_archived: true } } },
    ]));
    expect(await models.channelFolders.get(1)).to.deep.include({ name: 'Web', description: 'UI', rendered_description: '<p>UI</p>', is_archived: true });
  });

  it('gives each folder its index in a new order; a folder the order omits keeps its position', async function () {
    const models = freshModels();
    await project(models, storedEvents([
      created(1, 'a', 0),
      created(2, 'b', 1),
      created(3, 'c', 2),
      { type: 'ChannelFoldersReordered', data: { order: [2, 1] } },
    ]));
    const orders = (await models.channelFolders.all()).map((folder) => [folder.id, folder.order]).sort((x, y) => x[0] - y[0]);
    expect(orders).to.deep.equal([[1, 1], [2, 0], [3, 2]]);
  });
});
