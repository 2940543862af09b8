import { pushDevicesOf } from '../../queries/push-device-reads.js';
import type { SectionBuilder } from '../register-context.js';

/** The `push_devices` section: the viewer's encrypted registrations by push account id, with their status. */
export const pushDevicesSection: SectionBuilder = async ({ ctx, viewer }) => {
  const { e2ee } = await pushDevicesOf(ctx, viewer.user_id);
  return { push_devices: Object.fromEntries(e2ee.map((device) => [String(device.push_account_id), { status: device.status, error_code: device.error_code }])) };
};
