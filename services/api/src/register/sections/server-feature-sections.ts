import type { SectionBuilder } from '../register-context.js';

/*
 * Sections for features this server does not offer: each says so in the shape the public API gives
 * it, so a client that asks gets an honest answer rather than a missing key.
 */

/** `onboarding_steps`: this server defines no onboarding steps to show (and no tour video). */
export const onboardingStepsSection: SectionBuilder = async () => ({ onboarding_steps: [], navigation_tour_video_url: null });

/** `video_calls`: no Zoom integration, so no user has a Zoom token. */
export const videoCallsSection: SectionBuilder = async () => ({ has_zoom_token: false });

/** `giphy`: the GIPHY API key the server is configured with; empty when none (GIPHY is then unavailable). */
export const giphySection: SectionBuilder = async ({ ctx }) => ({ giphy_api_key: ctx.config.giphyApiKey });

/** `stop_words`: the message search matches every word; it ignores none. */
export const stopWordsSection: SectionBuilder = async () => ({ stop_words: [] });

/** `realm_domains`: sign-up is not restricted to email domains. */
export const realmDomainsSection: SectionBuilder = async () => ({ realm_domains: [] });

/** `default_stream_groups`: default channel groups are not offered. */
export const defaultStreamGroupsSection: SectionBuilder = async () => ({ realm_default_stream_groups: [] });

/** `realm_embedded_bots` and `realm_incoming_webhook_bots`: the server ships no bot integrations. */
export const embeddedBotsSection: SectionBuilder = async () => ({ realm_embedded_bots: [] });
export const incomingWebhookBotsSection: SectionBuilder = async () => ({ realm_incoming_webhook_bots: [] });

/** `realm_billing`: a self-hosted server has no sponsorship requests. */
export const realmBillingSection: SectionBuilder = async () => ({ realm_billing: { has_pending_sponsorship_request: false } });
