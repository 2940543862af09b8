import { historyIndexProjection } from '@chat/projections/history/history-index';
import { channelReadersEndpoint, messageAsOfEndpoint, organizationAsOfEndpoint, userPermissionsEndpoint } from '../endpoints/audit-as-of.js';
import { auditTrailEndpoint } from '../endpoints/audit-trail.js';
import { type Feature, route } from './feature.js';

/**
 * The history tools (docs/topics/history-tools.md): the index of the organization's events by log
 * position, which the audit trail and replays into the past read, and the owners' questions, each
 * recorded as HistoryQueried before it is answered. After forgetting: the index holds ids only.
 */
export const historyFeature: Feature = {
  name: 'history',
  events: {
    HistoryQueried: { stream: 'historyqueries-<user_id>', leavesOrganizationAlone: true },
  },
  projections: [historyIndexProjection],
  routes: [
    // This server's extensions: Zulip's API has no audit trail (its audit table is not exposed) nor answers about the past.
    route('GET', '/audit/trail', 'required', 'audit-trail', auditTrailEndpoint),
    route('GET', '/audit/organization', 'required', 'audit-as-of', organizationAsOfEndpoint),
    route('GET', '/audit/channels/:stream_id/readers', 'required', 'audit-channel-readers', channelReadersEndpoint),
    route('GET', '/audit/messages/:message_id', 'required', 'audit-message', messageAsOfEndpoint),
    route('GET', '/audit/users/:user_id/permissions', 'required', 'audit-user-permissions', userPermissionsEndpoint),
  ],
};
