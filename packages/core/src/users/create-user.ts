import { badRequest, insufficientPermission } from '../errors.js';
import type { UserCreated } from '../events/user-events.js';
import { isAdminRole, Role, type RoleValue } from '../roles.js';
import { isValidEmail, normalizeEmail } from './email-address.js';
import { checkFullName } from './full-name.js';
import { MIN_PASSWORD_LENGTH } from '../settings/update-settings.js';
import type { UserState } from './user-state.js';

export interface CreateUser {
  user_id: number;
  email: string;
  full_name: string;
  password_hash: string | null;
  role?: RoleValue;
  can_change_user_emails?: boolean;
}

export interface CreateUserContext {
  /** Null when the organization itself creates its first owner. */
  actor: UserState | null;
  emailTaken: boolean;
}

/** Decides whether an account may be created and records it. */
export function decideCreateUser(ctx: CreateUserContext, cmd: CreateUser): UserCreated[] {
  if (ctx.actor !== null && !isAdminRole(ctx.actor.role)) {
    throw insufficientPermission('Must be an organization administrator');
  }
  const email = normalizeEmail(cmd.email);
  if (!isValidEmail(email)) throw badRequest(`Invalid 'email': '${cmd.email}' is not a valid email address`);
  if (ctx.emailTaken) throw badRequest(`Email '${email}' already in use`);
  const role = cmd.role ?? Role.Member;
  return [
    {
      type: 'UserCreated',
      data: {
        user_id: cmd.user_id,
        email,
        full_name: checkFullName(cmd.full_name),
        role,
        password_hash: cmd.password_hash,
        is_bot: false,
        bot_type: null,
        bot_owner_id: null,
        timezone: '',
        api_key_generation: 1,
        can_change_user_emails: cmd.can_change_user_emails ?? false,
      },
    },
  ];
}

/**
 * POST /users, before the password is hashed (slow): only administrators create accounts, with a
 * password of at least MIN_PASSWORD_LENGTH characters.
 */
export function checkCreateUserRequest(actor: UserState, password: string): void {
  if (!isAdminRole(actor.role)) throw insufficientPermission('Must be an organization administrator');
  checkNewPassword(password, 'password');
}

/** A password chosen for a new account (`param` names the request's field in the error). */
export function checkNewPassword(password: string, param: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(`Invalid '${param}': must be at least ${MIN_PASSWORD_LENGTH} characters`);
}
