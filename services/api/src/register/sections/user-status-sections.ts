import { mutedUsersOf } from '@chat/projections';
import { userStatusesOf } from '../../actions/user-status.js';
import type { SectionBuilder } from '../register-context.js';

/** `user_status`: the status of every active user who has one, by user id. */
export const userStatusSection: SectionBuilder = async ({ ctx }) => ({
  user_status: await userStatusesOf(ctx.models, (await ctx.organization.current()).users.values()),
});

/** `muted_users`: the users the viewer muted, with when. */
export const mutedUsersSection: SectionBuilder = async ({ ctx, viewer }) => ({ muted_users: await mutedUsersOf(ctx.models, viewer.user_id) });
