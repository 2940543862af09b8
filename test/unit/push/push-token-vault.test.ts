import { expect } from 'chai';
import { PushTokenVault } from '../../../services/api/src/secrets/push-tokens.js';

describe('PushTokenVault: digests and seals push tokens with keys derived from the server secret', function () {
  const vault = new PushTokenVault(Buffer.from('server-secret-one'));
  const other = new PushTokenVault(Buffer.from('server-secret-two'));

  it('digests a token the same way every time, per kind, and differently under another secret', function () {
    const digest = vault.digest('fcm', 'token-1');
    expect(digest).to.match(/^[0-9a-f]{64}$/).and.equal(vault.digest('fcm', 'token-1'));
    expect(vault.digest('apns', 'token-1')).to.not.equal(digest);
    expect(other.digest('fcm', 'token-1')).to.not.equal(digest);
  });

  it('seals a token differently each time, and opens it back', function () {
    const first = vault.seal(7, 'apns', 'abcdef');
    expect(first).to.match(/^v1:/).and.not.contain('abcdef').and.not.equal(vault.seal(7, 'apns', 'abcdef'));
    expect(vault.open(7, 'apns', first)).to.equal('abcdef');
  });

  it('refuses to open a seal that was altered, made for another user or kind, or under another secret', function () {
    const sealed = vault.seal(7, 'fcm', 'the-token');
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[14] ^= 1;
    expect(() => vault.open(7, 'fcm', `v1:${bytes.toString('base64url')}`)).to.throw();
    expect(() => vault.open(8, 'fcm', sealed)).to.throw();
    expect(() => vault.open(7, 'apns', sealed)).to.throw();
    expect(() => other.open(7, 'fcm', sealed)).to.throw();
    expect(() => vault.open(7, 'fcm', `v0:${sealed.slice(3)}`)).to.throw(/seal version/);
  });
});
