import { expect } from 'chai';
import {
  checkFolderChoice,
  decideCreateChannelFolder,
  decideReorderChannelFolders,
  decideUpdateChannelFolder,
  MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
  MAX_CHANNEL_FOLDER_NAME_LENGTH,
} from '@chat/core';
import { renderMarkdown } from '@chat/markdown';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aFolder, folderContext } from '../../support/channel-folder-factory.js';
import { aGuest, aMember, aModerator, anAdmin, anOwner } from '../../support/user-state-factory.js';

const NOT_ADMIN = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions: 'Must be an organization administrator' };
const missing = (name: string) => ({ code: 'REQUEST_VARIABLE_MISSING', status: 400, mentions: `'${name}'` });

const admin = anAdmin();
const frontend = aFolder({ id: 1, name: 'Frontend', order: 1 });
const backend = aFolder({ id: 2, name: 'Backend', order: 0 });
const attic = aFolder({ id: 3, name: 'Attic', order: 2, is_archived: true });
const FOLDERS = [frontend, backend, attic];

describe('decideCreateChannelFolder', function () {
  it('records a trimmed name, the description and its rendering, placed after every folder', function () {
    const events = decideCreateChannelFolder(folderContext(admin, FOLDERS), { channel_folder_id: 9, name: '  Design ', description: 'Mocks' });
    expect(events).to.deep.equal([
      {
        type: 'ChannelFolderCreated',
        data: { channel_folder_id: 9, name: 'Design', description: 'Mocks', rendered_description: '<p>Mocks</p>', order: 3, creator_id: admin.user_id },
      },
    ]);
  });

  it('places the first folder at 0 and accepts an empty description', function () {
    const [event] = decideCreateChannelFolder(folderContext(anOwner()), { channel_folder_id: 1, name: 'First', description: '' });
    expect(event.data).to.include({ order: 0, description: '', rendered_description: '' });
  });

  it('records what the real renderer makes of Markdown', function () {
    const ctx = { ...folderContext(admin), renderDescription: renderMarkdown };
    const [event] = decideCreateChannelFolder(ctx, { channel_folder_id: 1, name: 'Docs', description: 'For **docs**' });
    expect(event.data.rendered_description).to.equal('<p>For <strong>docs</strong></p>');
  });

  for (const actor of [aModerator(), aMember(), aGuest()]) {
    it(`refuses role ${actor.role} before looking at the parameters`, function () {
      expectApiError(() => decideCreateChannelFolder(folderContext(actor), { channel_folder_id: 9 }), NOT_ADMIN);
    });
  }

  it('requires name and description', function () {
    expectApiError(() => decideCreateChannelFolder(folderContext(admin), { channel_folder_id: 9, description: '' }), missing('name'));
    expectApiError(() => decideCreateChannelFolder(folderContext(admin), { channel_folder_id: 9, name: 'x' }), missing('description'));
  });

  for (const [what, name, mentions] of [
    ['empty', '   ', "Invalid 'name'"],
    ['too long', 'x'.repeat(MAX_CHANNEL_FOLDER_NAME_LENGTH + 1), "Invalid 'name'"],
    ['taken by an active folder in another letter case', 'FRONTEND', 'Channel folder name already in use'],
  ]) {
    it(`refuses a name that is ${what}`, function () {
      expectApiError(() => decideCreateChannelFolder(folderContext(admin, FOLDERS), { channel_folder_id: 9, name, description: '' }), refused(mentions));
    });
  }

  it('counts code points: a name of the maximum length in astral characters is accepted', function () {
    const name = '😀'.repeat(MAX_CHANNEL_FOLDER_NAME_LENGTH);
    expect(decideCreateChannelFolder(folderContext(admin), { channel_folder_id: 9, name, description: '' })).to.have.length(1);
  });

  it("reuses an archived folder's name", function () {
    expect(decideCreateChannelFolder(folderContext(admin, FOLDERS), { channel_folder_id: 9, name: 'attic', description: '' })).to.have.length(1);
  });

  it('refuses a description over the limit', function () {
    const description = 'd'.repeat(MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH + 1);
    expectApiError(() => decideCreateChannelFolder(folderContext(admin), { channel_folder_id: 9, name: 'x', description }), refused("Invalid 'description'"));
  });
});

describe('decideUpdateChannelFolder', function () {
  const ctx = folderContext(admin, FOLDERS);

  it('records only what changed, with the new description rendered', function () {
    expect(decideUpdateChannelFolder(ctx, 1, { name: 'Web', description: 'UI', is_archived: false })).to.deep.equal([
      { type: 'ChannelFolderUpdated', data: { channel_folder_id: 1, changes: { name: 'Web', description: 'UI', rendered_description: '<p>UI</p>' } } },
    ]);
  });

  it('records nothing for the current values', function () {
    expect(decideUpdateChannelFolder(ctx, 1, { name: ' Frontend ', description: '', is_archived: false })).to.deep.equal([]);
  });

  it('archives and unarchives', function () {
    expect(decideUpdateChannelFolder(ctx, 1, { is_archived: true })[0].data.changes).to.deep.equal({ is_archived: true });
    expect(decideUpdateChannelFolder(ctx, 3, { is_archived: false })[0].data.changes).to.deep.equal({ is_archived: false });
  });

  it('refuses to archive a folder that unarchived channels are still in', function () {
    const inUse = folderContext(admin, FOLDERS, new Set([1]));
    expectApiError(() => decideUpdateChannelFolder(inUse, 1, { is_archived: true }), refused('is_archived'));
    expect(decideUpdateChannelFolder(inUse, 1, { name: 'Still here' })[0].data.changes).to.deep.equal({ name: 'Still here' });
  });

  it('lets a folder change the letter case of its own name', function () {
    expect(decideUpdateChannelFolder(ctx, 1, { name: 'FRONTEND' })[0].data.changes).to.deep.equal({ name: 'FRONTEND' });
  });

  it("refuses another active folder's name, but not an archived folder's", function () {
    expectApiError(() => decideUpdateChannelFolder(ctx, 1, { name: 'backend' }), refused('Channel folder name already in use'));
    expect(decideUpdateChannelFolder(ctx, 1, { name: 'attic' })).to.have.length(1);
  });

  it('refuses to unarchive a folder whose name an active folder now has, unless it is renamed too', function () {
    const taken = folderContext(admin, [...FOLDERS, aFolder({ id: 4, name: 'ATTIC', order: 3 })]);
    expectApiError(() => decideUpdateChannelFolder(taken, 3, { is_archived: false }), refused('Channel folder name already in use'));
    expect(decideUpdateChannelFolder(taken, 3, { is_archived: false, name: 'Old attic' })[0].data.changes).to.deep.equal({ name: 'Old attic', is_archived: false });
  });

  it('renames an archived folder that stays archived, even to an active name', function () {
    expect(decideUpdateChannelFolder(ctx, 3, { name: 'frontend' })[0].data.changes).to.deep.equal({ name: 'frontend' });
  });

  it('refuses an empty or long name and a long description', function () {
    expectApiError(() => decideUpdateChannelFolder(ctx, 1, { name: ' ' }), refused("Invalid 'name'"));
    expectApiError(() => decideUpdateChannelFolder(ctx, 1, { name: 'n'.repeat(MAX_CHANNEL_FOLDER_NAME_LENGTH + 1) }), refused("Invalid 'name'"));
    expectApiError(() => decideUpdateChannelFolder(ctx, 1, { description: 'd'.repeat(MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH + 1) }), refused("Invalid 'description'"));
  });

  it('refuses an unknown folder', function () {
    expectApiError(() => decideUpdateChannelFolder(ctx, 99, { name: 'x' }), refused('Invalid channel folder ID'));
  });

  it('refuses non-administrators, even for an unknown folder', function () {
    expectApiError(() => decideUpdateChannelFolder(folderContext(aModerator(), FOLDERS), 1, { name: 'x' }), NOT_ADMIN);
    expectApiError(() => decideUpdateChannelFolder(folderContext(aMember(), FOLDERS), 99, { name: 'x' }), NOT_ADMIN);
  });
});

describe('decideReorderChannelFolders', function () {
  const ctx = folderContext(admin, FOLDERS);

  it('records the new order of every folder, archived ones included', function () {
    expect(decideReorderChannelFolders(ctx, [3, 1, 2])).to.deep.equal([{ type: 'ChannelFoldersReordered', data: { order: [3, 1, 2] } }]);
  });

  it('records nothing for the current order', function () {
    expect(decideReorderChannelFolders(ctx, [2, 1, 3])).to.deep.equal([]);
  });

  for (const [what, order] of [
    ['misses a folder', [1, 2]],
    ['names an unknown folder', [1, 2, 3, 4]],
    ['repeats a folder', [1, 2, 2, 3]],
    ['replaces a folder by an unknown one', [1, 2, 9]],
  ] as const) {
    it(`refuses an order that ${what}`, function () {
      expectApiError(() => decideReorderChannelFolders(ctx, order), refused('Invalid order mapping'));
    });
  }

  it('requires order, after the permission check', function () {
    expectApiError(() => decideReorderChannelFolders(ctx, undefined), missing('order'));
    expectApiError(() => decideReorderChannelFolders(folderContext(aGuest(), FOLDERS), undefined), NOT_ADMIN);
  });

  it('refuses non-administrators', function () {
    expectApiError(() => decideReorderChannelFolders(folderContext(aMember(), FOLDERS), [3, 1, 2]), NOT_ADMIN);
  });
});

describe('checkFolderChoice', function () {
  const active = new Set(FOLDERS.filter((folder) => !folder.is_archived).map((folder) => folder.id));

  it('accepts no folder and an active folder', function () {
    expect(checkFolderChoice(active, null)).to.equal(null);
    expect(checkFolderChoice(active, 2)).to.equal(2);
  });

  it('refuses an unknown or archived folder, naming folder_id', function () {
    expectApiError(() => checkFolderChoice(active, 99), refused("Invalid 'folder_id': no channel folder 99"));
    expectApiError(() => checkFolderChoice(active, 3), refused("Invalid 'folder_id': no channel folder 3"));
  });
});
