import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('GET /server_settings', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('answers without authentication with every public field and the existing-client aliases', async () => {
    const res = await server.anonymous.get('/server_settings');
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      result: 'success',
      msg: '',
      service_feature_level: 420,
      zulip_feature_level: 420,
      push_notifications_enabled: false,
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      realm_name: 'Test Org',
      realm_url: server.url,
      realm_uri: server.url,
      realm_web_public_access_enabled: false,
      realm_description: '',
    });
    expect(res.body.service_version).to.equal(res.body.zulip_version);
    expect(res.body.service_merge_base).to.equal(res.body.service_version);
    expect(res.body.zulip_merge_base).to.equal(res.body.service_version);
    expect(res.body.external_authentication_methods).to.deep.equal([]);
    expect(res.body.authentication_methods).to.include({ password: true, email: true, ldap: false, 'openid connect': false });
    expect(res.body.realm_icon).to.be.a('string');
  });

  it('ignores and reports parameters it does not take', async () => {
    const res = await server.anonymous.get('/server_settings', { foo: 'bar' });
    expect(res.status).to.equal(200);
    expect(res.body.ignored_parameters_unsupported).to.deep.equal(['foo']);
  });
});
