import { createHash } from 'node:crypto';
import { FEATURE_LEVEL, SERVER_VERSION } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { realmDescriptionHtml } from '@chat/wire';
import type { Configured, Reads } from '../dependencies.js';

/** GET /server_settings: what a client needs before logging in. */
export async function serverSettings(ctx: Configured & Reads<'realm'>): Promise<Record<string, unknown>> {
  const realm = await ctx.models.realm.get(REALM_KEY);
  const url = ctx.config.externalUrl;
  return {
    authentication_methods: {
      password: true, dev: false, email: true, ldap: false, remoteuser: false, saml: false,
      'openid connect': false, github: false, gitlab: false, google: false, apple: false, azuread: false,
    },
    external_authentication_methods: [],
    service_feature_level: FEATURE_LEVEL,
    service_version: SERVER_VERSION,
    service_merge_base: SERVER_VERSION,
    // The names existing clients read for the same three facts.
    zulip_feature_level: FEATURE_LEVEL,
    zulip_version: SERVER_VERSION,
    zulip_merge_base: SERVER_VERSION,
    push_notifications_enabled: ctx.config.pushBouncerUrl !== null,
    is_incompatible: false,
    email_auth_enabled: true,
    require_email_format_usernames: true,
    realm_uri: url,
    realm_url: url,
    realm_name: realm?.name ?? '',
    // Without an uploaded icon, an identicon derived from the organization's address.
    realm_icon: `https://secure.gravatar.com/avatar/${createHash('md5').update(url).digest('hex')}?d=identicon`,
    realm_description: realmDescriptionHtml(realm?.description ?? ''),
    realm_web_public_access_enabled: false,
  };
}

