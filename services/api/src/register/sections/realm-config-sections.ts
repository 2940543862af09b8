import { linkifierList, playgroundList, realmEmojiDict } from '@chat/wire';
import type { SectionBuilder } from '../register-context.js';

/** `realm_emoji`: every custom emoji by id, deactivated ones included (old messages still show them). */
export const realmEmojiSection: SectionBuilder = async ({ ctx }) => ({ realm_emoji: realmEmojiDict(await ctx.models.realmEmoji.all()) });

/** `realm_linkifiers`, in processing order; empty for clients without `linkifier_url_template`, as in the public API. */
export const realmLinkifiersSection: SectionBuilder = async ({ ctx, capabilities }) => ({
  realm_linkifiers: capabilities.linkifier_url_template ? linkifierList(await ctx.models.linkifiers.all()) : [],
});

/** `realm_filters`: the legacy linkifier format, which the public API now always sends empty. */
export const realmFiltersSection: SectionBuilder = async () => ({ realm_filters: [] });

/** `realm_playgrounds`: every code playground. */
export const realmPlaygroundsSection: SectionBuilder = async ({ ctx }) => ({ realm_playgrounds: playgroundList(await ctx.models.playgrounds.all()) });
