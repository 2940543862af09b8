import { badRequest, insufficientPermission } from '../errors.js';
import type { UserCreated } from '../events/user-events.js';
import { isAdminRole, Role, type RoleValue } from '../roles.js';
import { isValidEmail, normalizeEmail } from './email-address.js';
import { checkFullName } from './full-name.js';
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
