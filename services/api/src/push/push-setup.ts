import { pushErrors } from '@chat/core';
import type { Config } from '../config.js';
import { PushTokenVault } from '../secrets/push-tokens.js';
import { HttpBouncer } from './http-bouncer.js';
import type { PushService } from './push-service.js';

/** Push wiring: the service (null when no bouncer is configured) and the vault tokens pass through. */
export interface PushSetup {
  service: PushService | null;
  vault: PushTokenVault;
}

export const pushSetup = (config: Config, secret: Buffer): PushSetup => ({
  service: config.pushBouncerUrl === null ? null : new HttpBouncer(config.pushBouncerUrl, config.pushBouncerTimeoutMs),
  vault: new PushTokenVault(secret),
});

/** The configured push service, or PUSH_SERVICE_NOT_CONFIGURED. */
export function requirePushService(push: PushSetup): PushService {
  if (!push.service) throw pushErrors.notConfigured();
  return push.service;
}
