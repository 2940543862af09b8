import { deleteQueue, getEvents } from '../endpoints/events.js';
import { getRealmPresence, getUserPresence, updatePresenceEndpoint } from '../endpoints/presence.js';
import { setTyping } from '../endpoints/typing.js';
import { register } from '../register/register-endpoint.js';
import { presenceSection } from '../register/sections/presence-section.js';
import { idleQueueSweep } from '../scheduler/queue-sweep.js';
import { type Feature, route } from './feature.js';

/** Event queues (register, the long-poll), typing and presence: ephemeral, never in the log. */
export const realtimeFeature: Feature = {
  name: 'realtime',
  routes: [
    route('POST', '/register', 'required', 'register', register),
    // Re-armed by every client after each event it receives: served ahead of express (see LeanLane).
    route('GET', '/events', 'required', 'events-get', getEvents, { lean: true }),
    route('DELETE', '/events', 'required', 'events-delete', deleteQueue),
    route('POST', '/typing', 'required', 'typing', setTyping),
    route('POST', '/users/me/presence', 'required', 'presence-update', updatePresenceEndpoint),
    route('GET', '/users/:user_id_or_email/presence', 'required', 'presence-user-get', getUserPresence),
    route('GET', '/realm/presence', 'required', 'empty', getRealmPresence),
  ],
  sections: { presence: presenceSection },
  clientEventTypes: ['heartbeat', 'typing'],
  periodic: [idleQueueSweep],
};
