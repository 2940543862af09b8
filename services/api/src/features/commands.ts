import { requestsProjection } from '@chat/projections/requests/requests-projection';
import type { Feature } from './feature.js';

/** The write side's own records: claims of unique keys, id blocks, the owners' guard, the request ledger. */
export const commandsFeature: Feature = {
  name: 'commands',
  events: {
    KeyClaimed: { stream: '<kind>claim-<digest> (emailclaim, channelclaim, …)' },
    KeyReleased: { stream: '<kind>claim-<digest> (emailclaim, channelclaim, …)' },
    IdBlockReserved: { stream: 'ids-<kind>' },
    OwnersChanged: { stream: 'realm-owners (the guard of the owners)' },
    RequestAccepted: { stream: 'request-<digest of user id and request id>' },
    RequestAnswered: { stream: 'request-<digest of user id and request id>' },
  },
  projections: [requestsProjection],
};
