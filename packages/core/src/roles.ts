/** Organization roles with the public API's numeric encoding: lower is more privileged. */
export const Role = {
  Owner: 100,
  Administrator: 200,
  Moderator: 300,
  Member: 400,
  Guest: 600,
} as const;

export type RoleValue = (typeof Role)[keyof typeof Role];

export const ROLE_VALUES: readonly RoleValue[] = [100, 200, 300, 400, 600];

export const isRole = (value: number): value is RoleValue => (ROLE_VALUES as readonly number[]).includes(value);
export const isAdminRole = (role: number): boolean => role <= Role.Administrator;
export const isModeratorOrAbove = (role: number): boolean => role <= Role.Moderator;
