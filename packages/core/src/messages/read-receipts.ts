import { badRequest } from '../errors.js';
import type { UserState } from '../users/user-state.js';

export interface ReadReceiptsContext {
  /** The organization's enable_read_receipts. */
  enabled: boolean;
  viewerId: number;
  senderId: number;
  /** Users who have the message in their history and have read it. */
  readers: readonly UserState[];
  /** Users the viewer muted, and users who muted the viewer. */
  mutedEitherWay: ReadonlySet<number>;
}

/**
 * GET /messages/{id}/read_receipts: who read the message, ascending; never its sender, nor users who
 * withhold read receipts, are deactivated, or are muted by or have muted the viewer. Refused when the
 * organization turned read receipts off.
 */
export function readReceiptUserIds(ctx: ReadReceiptsContext): number[] {
  checkReadReceiptsEnabled(ctx.enabled);
  return ctx.readers
    .filter((user) => user.is_active && user.settings.send_read_receipts && user.user_id !== ctx.senderId && !ctx.mutedEitherWay.has(user.user_id))
    .map((user) => user.user_id)
    .sort((a, b) => a - b);
}

/** Read receipts exist only while the organization has them turned on. */
export function checkReadReceiptsEnabled(enabled: boolean): void {
  if (!enabled) throw badRequest('Read receipts are disabled in this organization.');
}
