import { realmConfigFanout } from '@chat/projections/client-events/realm-config-fanout';
import { linkifiersProjection } from '@chat/projections/realm-config/linkifiers-projection';
import { playgroundsProjection } from '@chat/projections/realm-config/playgrounds-projection';
import { realmEmojiProjection } from '@chat/projections/realm-config/realm-emoji-projection';
import { addLinkifierEndpoint, listLinkifiers, removeLinkifierEndpoint, reorderLinkifiersEndpoint, updateLinkifierEndpoint } from '../endpoints/linkifiers.js';
import { addPlaygroundEndpoint, removePlaygroundEndpoint } from '../endpoints/playgrounds.js';
import { deactivateRealmEmojiEndpoint, emojiUploadLimits, listRealmEmoji, uploadRealmEmojiEndpoint } from '../endpoints/realm-emoji.js';
import { realmEmojiImagePage } from '../uploads/serve-realm-emoji.js';
import { realmEmojiSection, realmFiltersSection, realmLinkifiersSection, realmPlaygroundsSection } from '../register/sections/realm-config-sections.js';
import { type Feature, page, route } from './feature.js';

/** The organization's custom emoji, linkifiers and code playgrounds. */
export const realmConfigFeature: Feature = {
  name: 'realm-config',
  events: {
    RealmEmojiAdded: { stream: 'realmemoji' },
    RealmEmojiDeactivated: { stream: 'realmemoji' },
    LinkifierAdded: { stream: 'linkifiers' },
    LinkifierUpdated: { stream: 'linkifiers' },
    LinkifierRemoved: { stream: 'linkifiers' },
    LinkifiersReordered: { stream: 'linkifiers' },
    CodePlaygroundAdded: { stream: 'playgrounds' },
    CodePlaygroundRemoved: { stream: 'playgrounds' },
  },
  projections: [realmEmojiProjection, linkifiersProjection, playgroundsProjection],
  fanouts: [realmConfigFanout],
  routes: [
    page('/user_avatars/:realm/emoji/images/:file', 'none', 'realm-emoji-image-page', realmEmojiImagePage, { unmetered: true }),
    route('GET', '/realm/emoji', 'required', 'empty', listRealmEmoji),
    route('POST', '/realm/emoji/:emoji_name', 'required', 'realm-emoji-upload', uploadRealmEmojiEndpoint, { upload: emojiUploadLimits }),
    route('DELETE', '/realm/emoji/:emoji_name', 'required', 'realm-emoji-deactivate', deactivateRealmEmojiEndpoint),
    route('GET', '/realm/linkifiers', 'required', 'empty', listLinkifiers),
    route('PATCH', '/realm/linkifiers', 'required', 'linkifiers-reorder', reorderLinkifiersEndpoint),
    route('POST', '/realm/filters', 'required', 'linkifier-add', addLinkifierEndpoint),
    route('PATCH', '/realm/filters/:filter_id', 'required', 'linkifier-update', updateLinkifierEndpoint),
    route('DELETE', '/realm/filters/:filter_id', 'required', 'linkifier-remove', removeLinkifierEndpoint),
    route('POST', '/realm/playgrounds', 'required', 'playground-add', addPlaygroundEndpoint),
    route('DELETE', '/realm/playgrounds/:playground_id', 'required', 'playground-remove', removePlaygroundEndpoint),
  ],
  sections: {
    realm_emoji: realmEmojiSection,
    realm_linkifiers: realmLinkifiersSection,
    realm_filters: realmFiltersSection,
    realm_playgrounds: realmPlaygroundsSection,
  },
};
