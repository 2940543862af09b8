import { expect } from 'chai';
import { referenceAnswerFields, referenceOperations } from '../../support/reference-description.js';
import { registerQueue } from '../../support/realtime-client.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** Fields this server sends in POST /register beyond the reference's description, each with its reason. */
const REGISTER_EXTRAS: ReadonlySet<string> = new Set([
  // The spec's renamed fields, sent beside the public names that existing clients read.
  'service_feature_level', 'service_version', 'service_merge_base',
]);

/**
 * Entries of the reference that are not operations of a chat server: descriptions of what the server
 * sends or how it answers errors, a development-only login, and a call provider this server has not.
 */
const NOT_SERVED: ReadonlySet<string> = new Set([
  'POST /real-time', // describes GET /events, not an endpoint of its own
  'POST /rest-error-handling', // describes error answers
  'POST /zulip-outgoing-webhook', // describes what the server posts to outgoing-webhook bots
  'POST /dev_fetch_api_key', // the public server's development mode only
  'GET /calls/bigbluebutton/create', // a BigBlueButton video-call integration
]);

describe('the public API description: every operation served, register answering only what it defines', function () {
  let server: TestServer;
  before(async function () {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('serves every operation of the reference (none answers "Endpoint not found")', async function () {
    const operations = referenceOperations();
    const served = operations.filter(({ method, path }) => !NOT_SERVED.has(`${method} ${path}`));
    expect(served).to.have.length(operations.length - NOT_SERVED.size);
    const missing: string[] = [];
    for (const { method, path } of served) {
      // Asked without credentials, with ids that exist nowhere: a served operation refuses the
      // caller (or the parameters) and changes nothing; only an unserved one is "not found".
      const concrete = path.replace(/\{[^}]+\}/g, '999999');
      const res = await server.anonymous.request(method, concrete, method === 'GET' ? undefined : new URLSearchParams());
      if (res.status === 404 && String(res.body.msg).startsWith('Endpoint not found')) missing.push(`${method} ${path}`);
    }
    expect(missing).to.deep.equal([]);
  });

  it('POST /register carries only fields the reference defines for it', async function () {
    const { state } = await registerQueue(server.owner);
    const defined = referenceAnswerFields('POST', '/register');
    const undefinedFields = Object.keys(state).filter((field) => !defined.has(field) && !REGISTER_EXTRAS.has(field));
    expect(undefinedFields).to.deep.equal([]);
    expect(state).to.not.have.any.keys('role', 'realm_web_public_access_enabled');
    expect(state).to.include({ is_owner: true, is_admin: true, is_moderator: false, is_guest: false });
  });
});
