import { type BouncerRegistrationOutcome, pushErrors } from '@chat/core';
import type { BouncerRegistration, PushOrigin, PushService, SealedPushTarget, TokenPushTarget } from './push-service.js';

interface BouncerAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The bouncer's code for a device it does not know. */
export const UNKNOWN_DEVICE_CODE = 'INVALID_TOKEN';

/**
 * The push service over HTTP: JSON POSTs to a bouncer (see docs/topics/push.md for
 * the paths and answers). Each request has a deadline, so a bouncer that hangs fails like one that is down.
 */
export class HttpBouncer implements PushService {
  private readonly base: string;

  constructor(baseUrl: string, private readonly timeoutMs: number) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  async registerDevice(registration: BouncerRegistration): Promise<BouncerRegistrationOutcome> {
    const answer = await this.post('/e2ee/register', registration);
    if (answer.status >= 200 && answer.status < 300) {
      const deviceId = answer.body.device_id;
      if (typeof deviceId !== 'string' || deviceId === '') throw pushErrors.bouncerFailed();
      return { status: 'active', device_id: deviceId };
    }
    const code = answer.body.code;
    if (answer.status === 400 && typeof code === 'string' && code !== '') return { status: 'failed', error_code: code };
    throw refusal(answer);
  }

  async pushToTokens(origin: PushOrigin, devices: readonly TokenPushTarget[], payload: Record<string, unknown>): Promise<void> {
    expectDelivered(await this.post('/notify', { ...origin, devices, payload }));
  }

  async pushSealed(origin: PushOrigin, devices: readonly SealedPushTarget[]): Promise<void> {
    expectDelivered(await this.post('/e2ee/notify', { ...origin, devices }));
  }

  private async post(path: string, body: unknown): Promise<BouncerAnswer> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      // Refused, reset, unresolvable or past the deadline: the bouncer could not be reached.
      throw pushErrors.bouncerUnreachable();
    }
    if (response.status >= 500) throw pushErrors.bouncerFailed();
    try {
      const parsed: unknown = await response.json();
      return { status: response.status, body: isObject(parsed) ? parsed : {} };
    } catch {
      if (response.status >= 200 && response.status < 300) throw pushErrors.bouncerFailed();
      return { status: response.status, body: {} };
    }
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function expectDelivered(answer: BouncerAnswer): void {
  if (answer.status >= 200 && answer.status < 300) return;
  if (answer.status === 400 && answer.body.code === UNKNOWN_DEVICE_CODE) throw pushErrors.unknownToBouncer();
  throw refusal(answer);
}

/** Any other 4xx: the bouncer refuses this server (credentials, plan, registration), which an administrator must fix. */
const refusal = (answer: BouncerAnswer): Error => (answer.status >= 400 ? pushErrors.adminActionRequired() : pushErrors.bouncerFailed());
