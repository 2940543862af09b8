import { expect } from 'chai';
import { decideDeleteRealmExport, decideFinishRealmExport, decideRequestRealmExport, exportConsents, type RealmExportState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aUser, anAdmin, anOwner } from '../../support/user-state-factory.js';

const pending: RealmExportState = { id: 3, acting_user_id: 1, export_type: 1, requested_at: 0, path_id: null, failed_at: null, deleted_at: null };
const written = { path_id: '1/ab/cdefghijklmnopqrstuvwxyz/realm-export-3.ndjson', size: 10, event_count: 2 };

describe('realm export deciders', () => {
  it('lets owners ask for either kind of export, and no one else', () => {
    expect(decideRequestRealmExport(anOwner(), 3, 2)).to.deep.equal([{ type: 'RealmExportRequested', data: { export_id: 3, acting_user_id: 1, export_type: 2 } }]);
    expectApiError(() => decideRequestRealmExport(anAdmin(), 3, 1), { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions: 'Must be an organization owner' });
    expectApiError(() => decideRequestRealmExport(anOwner(), 3, 7), refused("'export_type'"));
  });

  it('records how the writing ended, once', () => {
    expect(decideFinishRealmExport(pending, written)).to.deep.equal([{ type: 'RealmExportCompleted', data: { export_id: 3, ...written } }]);
    expect(decideFinishRealmExport(pending, null)).to.deep.equal([{ type: 'RealmExportFailed', data: { export_id: 3 } }]);
    expect(decideFinishRealmExport({ ...pending, path_id: written.path_id }, null)).to.deep.equal([]);
    expect(decideFinishRealmExport({ ...pending, failed_at: 5 }, written)).to.deep.equal([]);
    expect(decideFinishRealmExport(undefined, written)).to.deep.equal([]);
  });

  it("lists active human users' consent to private data export, for administrators", () => {
    const consenting = aUser({ user_id: 5 });
    consenting.settings = { ...consenting.settings, allow_private_data_export: true };
    const users = [consenting, aUser({ user_id: 4 }), aUser({ user_id: 6, is_active: false }), aUser({ user_id: 7, is_bot: true })];
    expect(exportConsents(anAdmin(), users)).to.deep.equal([{ user_id: 4, consented: false }, { user_id: 5, consented: true }]);
    expectApiError(() => exportConsents(aUser({ user_id: 4 }), users), { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions: 'Must be an organization administrator' });
  });

  it('deletes a written export for owners, and refuses the others with the public reasons', () => {
    const done: RealmExportState = { ...pending, path_id: written.path_id };
    expect(decideDeleteRealmExport(anOwner(), done)).to.deep.equal([{ type: 'RealmExportDeleted', data: { export_id: 3 } }]);
    expectApiError(() => decideDeleteRealmExport(anAdmin(), done), { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions: 'Must be an organization owner' });
    expectApiError(() => decideDeleteRealmExport(anOwner(), undefined), refused('Invalid data export ID'));
    expectApiError(() => decideDeleteRealmExport(anOwner(), pending), refused('Export still in progress'));
    expectApiError(() => decideDeleteRealmExport(anOwner(), { ...pending, failed_at: 5 }), refused('Export failed, nothing to delete'));
    expectApiError(() => decideDeleteRealmExport(anOwner(), { ...done, deleted_at: 9 }), refused('Export already deleted'));
  });
});
