import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { expectExactFailure } from '../support/response-assertions.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const CONFIRM_LINK = /\/accounts\/confirm_new_email\/[A-Za-z0-9_-]+/;
const HOUR = 60 * 60 * 1000;

describe('PATCH /settings', () => {
  let server: TestServer;
  let serial = 0;

  /** A fresh user with a known password, so each test starts from default settings. */
  const newUser = async (): Promise<{ client: ApiClient; email: string; password: string }> => {
    serial += 1;
    const email = `settings-${serial}@test.example`;
    const password = `settings-password-${serial}`;
    const created = await server.owner.post('/users', { email, password, full_name: `Settings ${serial}` });
    expect(created.status).to.equal(200);
    return { client: await server.anonymous.login(email, password), email, password };
  };
  // There is no GET for settings yet, so they are read from the users read model.
  const settingsOf = async (client: ApiClient) => (await server.ctx.models.users.get(client.userId))!.settings;
  const canLogIn = async (username: string, password: string): Promise<boolean> => {
    const res = await server.anonymous.post('/fetch_api_key', { username, password });
    return res.status === 200;
  };

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  describe('personal settings', () => {
    const changes = {
      twenty_four_hour_time: true,
      starred_message_counts: false,
      web_font_size_px: 20,
      web_channel_default_view: 4,
      color_scheme: 2,
      emojiset: 'twitter',
      default_language: 'de',
      timezone: 'Europe/Berlin',
      enable_sounds: false,
      email_notifications_batching_period_seconds: 300,
    };

    for (const path of ['/settings', '/settings/display', '/settings/notifications']) {
      it(`records booleans, integers and strings sent to ${path}`, async () => {
        const { client } = await newUser();
        const res = await client.patch(path, changes);
        expect(res.status).to.equal(200);
        expect(res.body).to.deep.equal({ result: 'success', msg: '' });
        expect(await settingsOf(client)).to.include(changes);
        expect((await client.get('/users/me')).body.timezone).to.equal('Europe/Berlin');
      });
    }

    it('leaves settings it was not sent unchanged', async () => {
      const { client } = await newUser();
      await client.patch('/settings', { high_contrast_mode: true });
      expect(await settingsOf(client)).to.include({ high_contrast_mode: true, twenty_four_hour_time: false, color_scheme: 1, emojiset: 'google' });
    });

    it('refuses web_channel_default_view=3 (allowed: 1, 2, 4) and changes nothing', async () => {
      const { client } = await newUser();
      const res = await client.patch('/settings', { web_channel_default_view: 3, high_contrast_mode: true });
      expectExactFailure(res, 'BAD_REQUEST', "Invalid 'web_channel_default_view': must be one of 1, 2, 4");
      expect(res.body).to.not.have.property('var_name');
      expect(await settingsOf(client)).to.include({ web_channel_default_view: 1, high_contrast_mode: false });
    });

    it('refuses an unknown time zone and changes nothing', async () => {
      const { client } = await newUser();
      expectExactFailure(await client.patch('/settings', { timezone: 'Mars/Olympus_Mons', enable_sounds: false }), 'BAD_REQUEST', "Invalid 'timezone': 'Mars/Olympus_Mons' is not a time zone");
      expect(await settingsOf(client)).to.include({ timezone: '', enable_sounds: true });
    });

    it("refuses default_language 'xx'", async () => {
      const { client } = await newUser();
      expectExactFailure(await client.patch('/settings', { default_language: 'xx' }), 'BAD_REQUEST', "Invalid 'default_language': 'xx' is not a supported language");
      expect((await settingsOf(client)).default_language).to.equal('en');
    });

    it('lists an unknown parameter in ignored_parameters_unsupported and applies the rest', async () => {
      const { client } = await newUser();
      const res = await client.patch('/settings', { dense_mode: true, fluid_layout_width: true });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ result: 'success', msg: '', ignored_parameters_unsupported: ['dense_mode'] });
      expect((await settingsOf(client)).fluid_layout_width).to.equal(true);
    });
  });

  describe('full_name', () => {
    it('renames the caller, visible through GET /users/me', async () => {
      const { client } = await newUser();
      expect((await client.patch('/settings', { full_name: '  Fresh Name ' })).status).to.equal(200);
      expect((await client.get('/users/me')).body.full_name).to.equal('Fresh Name');
    });
  });

  describe('password', () => {
    it('refuses new_password without old_password with REQUEST_VARIABLE_MISSING', async () => {
      const { client, email, password } = await newUser();
      const res = await client.patch('/settings', { new_password: 'brand-new-password' });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'old_password' argument", var_name: 'old_password' });
      expect(await canLogIn(email, password)).to.equal(true);
    });

    it('refuses a wrong old_password and keeps the password', async () => {
      const { client, email, password } = await newUser();
      expectExactFailure(await client.patch('/settings', { old_password: 'not-it', new_password: 'brand-new-password' }), 'BAD_REQUEST', "Invalid 'old_password': wrong password");
      expect(await canLogIn(email, password)).to.equal(true);
      expect(await canLogIn(email, 'brand-new-password')).to.equal(false);
    });

    it('changes it with the right old_password: the old one stops working, the new one works', async () => {
      const { client, email, password } = await newUser();
      expect((await client.patch('/settings', { old_password: password, new_password: 'brand-new-password' })).status).to.equal(200);
      expect(await canLogIn(email, password)).to.equal(false);
      expect(await canLogIn(email, 'brand-new-password')).to.equal(true);
    });
  });

  describe('email', () => {
    const requestChange = async (client: ApiClient, email: string): Promise<string> => {
      const before = server.mailer.sent.length;
      const res = await client.patch('/settings', { email });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ result: 'success', msg: '' });
      expect(server.mailer.sent).to.have.length(before + 1);
      const mail = server.mailer.sent[before];
      expect(mail.to).to.equal(email.toLowerCase());
      const link = CONFIRM_LINK.exec(mail.body);
      expect(link, 'confirmation link in the mail').to.not.equal(null);
      return link![0];
    };
    const open = (path: string) => fetch(`${server.url}${path}`);

    it('mails a link to the new address; the old address logs in until the link is opened', async () => {
      const { client, email, password } = await newUser();
      const link = await requestChange(client, 'Changed-1@Test.Example');
      expect(await canLogIn(email, password)).to.equal(true);
      expect(await canLogIn('changed-1@test.example', password)).to.equal(false);
      expect((await client.get('/users/me')).body.email).to.equal(email);

      const page = await open(link);
      expect(page.status).to.equal(200);
      expect(await page.text()).to.contain('changed-1@test.example');
      expect(await canLogIn('changed-1@test.example', password)).to.equal(true);
      expect(await canLogIn(email, password)).to.equal(false);
      const me = await server.anonymous.login('changed-1@test.example', password);
      expect((await me.get('/users/me')).body).to.include({ user_id: client.userId, email: 'changed-1@test.example' });
    });

    it('refuses a link opened a second time', async () => {
      const { client } = await newUser();
      const link = await requestChange(client, 'changed-2@test.example');
      expect((await open(link)).status).to.equal(200);
      const again = await open(link);
      expect(again.status).to.equal(400);
      expect(await again.json()).to.include({ result: 'error', code: 'BAD_REQUEST' });
    });

    it('refuses a link opened after it expired (24 hours), and the address stays', async () => {
      const { client, email, password } = await newUser();
      const link = await requestChange(client, 'changed-3@test.example');
      server.clock.advance(25 * HOUR);
      const page = await open(link);
      expect(page.status).to.equal(400);
      expect(await page.json()).to.deep.equal({ result: 'error', code: 'BAD_REQUEST', msg: 'This confirmation link is invalid or has expired.' });
      expect(await canLogIn(email, password)).to.equal(true);
      expect(await canLogIn('changed-3@test.example', password)).to.equal(false);
    });

    it('refuses an address already in use, and sends no mail', async () => {
      const { client } = await newUser();
      const taken = await newUser();
      const before = server.mailer.sent.length;
      expectExactFailure(await client.patch('/settings', { email: taken.email.toUpperCase() }), 'BAD_REQUEST', `Email '${taken.email}' already in use`);
      expect(server.mailer.sent).to.have.length(before);
    });

    it('refuses to confirm when the address was taken after the link was sent', async () => {
      const { client, email, password } = await newUser();
      const link = await requestChange(client, 'changed-4@test.example');
      expect((await server.owner.post('/users', { email: 'changed-4@test.example', password: 'squatter-pw', full_name: 'Squatter' })).status).to.equal(200);
      const page = await open(link);
      expect(page.status).to.equal(400);
      expect(await page.json()).to.include({ code: 'BAD_REQUEST', msg: "Email 'changed-4@test.example' already in use" });
      expect(await canLogIn(email, password)).to.equal(true);
    });

    it('refuses an invalid address naming email', async () => {
      const { client } = await newUser();
      expectExactFailure(await client.patch('/settings', { email: 'nope' }), 'BAD_REQUEST', "Invalid 'email': 'nope' is not a valid email address");
    });
  });
});
