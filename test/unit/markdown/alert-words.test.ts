import { alertWordHits, hasAlertWord } from '@chat/markdown';
import { expect } from 'chai';

describe('alertWordHits', function () {
  it('finds a word regardless of case', function () {
    expect(alertWordHits('Time to DEPLOY the release', ['deploy', 'outage'])).to.deep.equal(['deploy']);
  });

  it('finds whole words only', function () {
    expect(alertWordHits('the redeployment is deployed', ['deploy'])).to.deep.equal([]);
    expect(alertWordHits('deploy_tool runs', ['deploy'])).to.deep.equal([]);
  });

  it('punctuation and the ends of the text are boundaries', function () {
    for (const content of ['deploy', 'deploy!', '(deploy)', '"deploy", ok', 'a deploy.', '**deploy**', 'x-deploy-y']) {
      expect(alertWordHits(content, ['deploy']), content).to.deep.equal(['deploy']);
    }
  });

  it('a later occurrence counts when an earlier one is inside a word', function () {
    expect(alertWordHits('redeploy, then deploy', ['deploy'])).to.deep.equal(['deploy']);
  });

  it('finds phrases, and words that begin or end with punctuation', function () {
    expect(alertWordHits('is the build server down?', ['build server', 'c++', '#ops'])).to.deep.equal(['build server']);
    expect(alertWordHits('I like c++ and #ops', ['c++', '#ops'])).to.deep.equal(['c++', '#ops']);
  });

  it('treats letters of any script as word characters', function () {
    expect(alertWordHits('Überfall im Café', ['café', 'fall'])).to.deep.equal(['café']);
    expect(alertWordHits('緊急です', ['緊急'])).to.deep.equal([]);
    expect(alertWordHits('緊急 です', ['緊急'])).to.deep.equal(['緊急']);
  });

  it('searches the raw content, code included', function () {
    expect(hasAlertWord('`deploy --prod`', ['deploy'])).to.equal(true);
  });

  it('ignores empty words and an empty list', function () {
    expect(hasAlertWord('anything', ['', '  '])).to.equal(false);
    expect(hasAlertWord('anything', [])).to.equal(false);
  });
});
