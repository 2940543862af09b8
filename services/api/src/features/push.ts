import { pushDevicesFanout } from '@chat/projections/client-events/push-devices-fanout';
import { pushDevicesProjection } from '@chat/projections/push-devices/push-devices-projection';
import { pushUsersProjection } from '@chat/projections/push-devices/push-users-projection';
import { messagePushJobsProjection } from '@chat/projections/scheduled-jobs/message-push-jobs';
import {
  addApnsTokenEndpoint,
  addFcmTokenEndpoint,
  e2eeTestPushEndpoint,
  registerPushDeviceEndpoint,
  removeApnsTokenEndpoint,
  removeFcmTokenEndpoint,
  testPushEndpoint,
} from '../endpoints/push-devices.js';
import { pushDevicesSection } from '../register/sections/push-devices-section.js';
import { messagePushJob } from '../scheduler/message-push-job.js';
import { type Feature, route } from './feature.js';

const ALONE = { leavesOrganizationAlone: true } as const;

/** Mobile push: devices and tokens, and the pushes of messages (decided a moment after each send). */
export const pushFeature: Feature = {
  name: 'push',
  events: {
    PushTokenAdded: { stream: 'user-<user_id>', ...ALONE },
    PushTokenRemoved: { stream: 'user-<user_id>', ...ALONE },
    PushDeviceRegistered: { stream: 'user-<user_id>', ...ALONE },
    MessagePushesSent: { stream: 'messagepush-<message_id>', ...ALONE },
    MessagePushFailed: { stream: 'messagepush-<message_id>', ...ALONE },
  },
  projections: [pushDevicesProjection, pushUsersProjection, messagePushJobsProjection],
  fanouts: [pushDevicesFanout],
  routes: [
    route('POST', '/mobile_push/register', 'required', 'push-device-register', registerPushDeviceEndpoint),
    route('POST', '/mobile_push/test_notification', 'required', 'push-test-notification', testPushEndpoint),
    route('POST', '/mobile_push/e2ee/test_notification', 'required', 'push-e2ee-test-notification', e2eeTestPushEndpoint),
    route('POST', '/users/me/apns_device_token', 'required', 'push-token-apns-add', addApnsTokenEndpoint),
    route('DELETE', '/users/me/apns_device_token', 'required', 'push-token', removeApnsTokenEndpoint),
    route('POST', '/users/me/android_gcm_reg_id', 'required', 'push-token', addFcmTokenEndpoint),
    route('DELETE', '/users/me/android_gcm_reg_id', 'required', 'push-token', removeFcmTokenEndpoint),
  ],
  sections: { push_device: pushDevicesSection },
  jobs: [messagePushJob],
};
