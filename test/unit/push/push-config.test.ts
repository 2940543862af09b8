import { expect } from 'chai';
import { ConfigError, configFromEnv } from '../../../services/api/src/config.js';

describe('push configuration: CHAT_PUSH_BOUNCER_URL and CHAT_PUSH_BOUNCER_TIMEOUT_MS', function () {
  it('has no push service unless a bouncer URL is set; the deadline defaults to 10 s', function () {
    expect(configFromEnv({})).to.include({ pushBouncerUrl: null, pushBouncerTimeoutMs: 10_000 });
    expect(configFromEnv({ CHAT_PUSH_BOUNCER_URL: '' }).pushBouncerUrl).to.equal(null);
  });

  it('takes an http or https URL, without trailing slashes, and a deadline in milliseconds', function () {
    const config = configFromEnv({ CHAT_PUSH_BOUNCER_URL: 'https://push.example.net/api/v1/remotes/push/', CHAT_PUSH_BOUNCER_TIMEOUT_MS: '2500' });
    expect(config).to.include({ pushBouncerUrl: 'https://push.example.net/api/v1/remotes/push', pushBouncerTimeoutMs: 2500 });
  });

  it('refuses anything else with a message naming the setting', function () {
    expect(() => configFromEnv({ CHAT_PUSH_BOUNCER_URL: 'push.example.net' })).to.throw(ConfigError, 'CHAT_PUSH_BOUNCER_URL must be a URL');
    expect(() => configFromEnv({ CHAT_PUSH_BOUNCER_URL: 'ftp://push.example.net' })).to.throw(ConfigError, 'CHAT_PUSH_BOUNCER_URL must be an http or https URL');
    expect(() => configFromEnv({ CHAT_PUSH_BOUNCER_TIMEOUT_MS: '0' })).to.throw(ConfigError, 'CHAT_PUSH_BOUNCER_TIMEOUT_MS must be an integer');
  });
});
