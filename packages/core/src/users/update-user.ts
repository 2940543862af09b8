import { checkNotErased } from '../erasure/erase-user.js';
import { badRequest, insufficientPermission } from '../errors.js';
import type { UserEvent } from '../events/user-events.js';
import { isAdminRole, isRole, Role, type RoleValue } from '../roles.js';
import { isValidEmail, normalizeEmail } from './email-address.js';
import { checkFullName } from './full-name.js';
import type { UserState } from './user-state.js';

export interface UpdateUser {
  full_name?: string;
  role?: number;
  profile_data?: { id: number; value: string | null }[];
  new_email?: string;
}

export interface UpdateUserContext {
  actor: UserState;
  target: UserState;
  activeOwnerCount: number;
  profileFieldIds: ReadonlySet<number>;
  isEmailTaken: (email: string) => boolean;
}

/** An administrator changes another account (PATCH /users/{id} and /users/{email}). */
export function decideUpdateUser(ctx: UpdateUserContext, cmd: UpdateUser): UserEvent[] {
  const { actor, target } = ctx;
  if (!isAdminRole(actor.role)) throw insufficientPermission('Insufficient permission');
  checkNotErased(target);
  const events: UserEvent[] = [];
  const user_id = target.user_id;

  if (cmd.full_name !== undefined) {
    const full_name = checkFullName(cmd.full_name);
    if (full_name !== target.full_name) events.push({ type: 'UserRenamed', data: { user_id, full_name } });
  }
  if (cmd.role !== undefined && cmd.role !== target.role) {
    events.push({ type: 'UserRoleChanged', data: { user_id, role: checkRole(ctx, cmd.role), previous_role: target.role } });
  }
  if (cmd.profile_data !== undefined) {
    const fields = cmd.profile_data.map((entry) => {
      if (!ctx.profileFieldIds.has(entry.id)) throw badRequest(`Invalid 'profile_data': field id ${entry.id} not found`);
      return { id: entry.id, value: entry.value === '' ? null : entry.value };
    });
    if (fields.length > 0) events.push({ type: 'UserProfileDataChanged', data: { user_id, fields } });
  }
  if (cmd.new_email !== undefined) {
    if (actor.role !== Role.Owner || !actor.can_change_user_emails) {
      throw insufficientPermission("Insufficient permission: changing a user's email needs the can_change_user_emails permission");
    }
    const email = normalizeEmail(cmd.new_email);
    if (!isValidEmail(email)) throw badRequest(`Invalid 'new_email': '${cmd.new_email}' is not a valid email address`);
    if (email !== target.email) {
      if (ctx.isEmailTaken(email)) throw badRequest(`Email '${email}' already in use`);
      events.push({ type: 'UserEmailChanged', data: { user_id, email, previous_email: target.email } });
    }
  }
  return events;
}

function checkRole(ctx: UpdateUserContext, role: number): RoleValue {
  const { actor, target } = ctx;
  if (!isRole(role)) throw badRequest(`Invalid 'role': ${role} is not a role`);
  const touchesOwner = role === Role.Owner || target.role === Role.Owner;
  if (touchesOwner && actor.role !== Role.Owner) {
    throw insufficientPermission('Must be an organization owner to add or remove the owner role');
  }
  if (target.role === Role.Owner && ctx.activeOwnerCount <= 1) {
    throw badRequest('The owner permission cannot be removed from the only organization owner.');
  }
  if (target.role === Role.Guest && isAdminRole(role)) {
    throw badRequest('A guest cannot become an organization administrator; make them a member first.');
  }
  return role;
}
