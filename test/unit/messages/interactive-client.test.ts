import { expect } from 'chai';
import { clientName, isInteractiveClient } from '@chat/core';

describe('client names', function () {
  it('takes a client’s name from its User-Agent: the part before the first slash or space', function () {
    expect(clientName('ZulipMobile/27.1 (Android 14)')).to.equal('ZulipMobile');
    expect(clientName('  website  ')).to.equal('website');
    expect(clientName('curl/8.5.0')).to.equal('curl');
    expect(clientName('Terminal app')).to.equal('Terminal');
    expect(clientName('')).to.equal('API');
    expect(clientName('/1.0')).to.equal('API');
  });

  it('tells the apps people type into from integrations', function () {
    expect(isInteractiveClient('website')).to.equal(true);
    expect(isInteractiveClient('ZulipMobile')).to.equal(true);
    expect(isInteractiveClient('ZulipElectron')).to.equal(true);
    expect(isInteractiveClient('curl')).to.equal(false);
    expect(isInteractiveClient('API')).to.equal(false);
  });
});
