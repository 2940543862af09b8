import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const PYTHON = { name: 'Python playground', pygments_language: 'Python', url_template: 'https://python.example.com/?code={code}' };

describe('code playgrounds: POST /realm/playgrounds, DELETE /realm/playgrounds/{id}, register realm_playgrounds', function () {
  let server: TestServer, admin: ApiClient, member: ApiClient;
  const playgrounds = async (client: ApiClient) => (await registerQueue(client, { fetch_event_types: ['realm_playgrounds'] })).state.realm_playgrounds;
  const validationFailure = (res: { status: number; body: Record<string, unknown> }, field: string, msg: string) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(res.body).to.deep.equal({ result: 'error', code: 'BAD_REQUEST', msg, errors: { [field]: [msg] } });
  };

  before(async function () {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
  });
  after(() => server.stop());

  it('adds a playground (answering its id) that every user sees in register, and removes it', async function () {
    const id = expectSuccess(await admin.post('/realm/playgrounds', PYTHON)).id as number;
    const rust = { name: 'Rust playground', pygments_language: 'Rust', url_template: 'https://play.example.org/{?code}' };
    const second = expectSuccess(await admin.post('/realm/playgrounds', rust)).id as number;
    expect(second).to.equal(id + 1);
    expect(await playgrounds(member)).to.deep.equal([{ id, ...PYTHON }, { id: second, ...rust }]);
    expectSuccess(await admin.delete(`/realm/playgrounds/${id}`));
    expect(await playgrounds(member)).to.deep.equal([{ id: second, ...rust }]);
    expectSuccess(await admin.delete(`/realm/playgrounds/${second}`));
    expect(await playgrounds(member)).to.deep.equal([]);
  });

  it('refuses members, unknown ids, and invalid fields, naming the problem, and records nothing', async function () {
    expect((await member.post('/realm/playgrounds', PYTHON)).body).to.deep.equal({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    expectExactFailure(await admin.post('/realm/playgrounds', { name: 'x', pygments_language: 'Python' }), 'REQUEST_VARIABLE_MISSING', "Missing 'url_template' argument");
    validationFailure(await admin.post('/realm/playgrounds', { ...PYTHON, url_template: 'https://python.example.com/{code' }), 'url_template', 'Invalid URL template.');
    validationFailure(await admin.post('/realm/playgrounds', { ...PYTHON, url_template: 'https://python.example.com/{lang}?c={code}' }), '__all__', '"code" should be the only variable present in the URL template');
    validationFailure(await admin.post('/realm/playgrounds', { ...PYTHON, url_template: 'https://python.example.com/' }), '__all__', '"code" should be the only variable present in the URL template');
    validationFailure(await admin.post('/realm/playgrounds', { ...PYTHON, name: '' }), 'name', 'This field cannot be blank.');
    expectExactFailure(await admin.post('/realm/playgrounds', { ...PYTHON, pygments_language: 'Py<thon>' }), 'BAD_REQUEST', 'Invalid characters in pygments language');
    expectExactFailure(await admin.post('/realm/playgrounds', { ...PYTHON, pygments_language: 'x'.repeat(41) }), 'BAD_REQUEST', 'pygments_language is too long (limit: 40 characters)');
    const id = expectSuccess(await admin.post('/realm/playgrounds', PYTHON)).id as number;
    validationFailure(await admin.post('/realm/playgrounds', { ...PYTHON, pygments_language: 'Python3' }), '__all__', 'Realm playground with this Realm and Name already exists.');
    expect((await member.delete(`/realm/playgrounds/${id}`)).body.code).to.equal('UNAUTHORIZED_PRINCIPAL');
    expectExactFailure(await admin.delete(`/realm/playgrounds/${id + 50}`), 'BAD_REQUEST', 'Invalid playground');
    expect(await playgrounds(member)).to.deep.equal([{ id, ...PYTHON }]);
  });
});
