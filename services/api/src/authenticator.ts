import { ApiError, BotType, normalizeEmail } from '@chat/core';
import type { Authenticator, Caller } from '@chat/http';
import type { ReadModels } from '@chat/projections';
import type { ApiKeys } from './secrets/api-keys.js';

const invalidKey = (): ApiError => new ApiError('INVALID_API_KEY', 401, 'Invalid API key');

/** Finds the user by address through the users index, then checks the derived key in constant time. */
export class ApiKeyAuthenticator implements Authenticator {
  constructor(
    private readonly models: ReadModels,
    private readonly keys: ApiKeys,
  ) {}

  async authenticate(email: string, apiKey: string): Promise<Caller | ApiError> {
    const user = await this.models.users.findOne('email', normalizeEmail(email));
    if (!user || !this.keys.matches(user.user_id, user.api_key_generation, apiKey)) return invalidKey();
    if (!user.is_active) return new ApiError('USER_DEACTIVATED', 401, 'Account is deactivated');
    return user.bot_type === BotType.IncomingWebhook ? { user_id: user.user_id, email: user.email, webhookOnly: true } : { user_id: user.user_id, email: user.email };
  }
}
