import { VisibilityPolicy, type VisibilityPolicyValue } from './visibility-policy.js';
import type { VisibilityPolicyName } from '../events/visibility-policy-name.js';

export type { VisibilityPolicyName } from '../events/visibility-policy-name.js';

const NAMES: Readonly<Record<VisibilityPolicyValue, VisibilityPolicyName>> = {
  [VisibilityPolicy.Inherit]: 'inherit',
  [VisibilityPolicy.Muted]: 'muted',
  [VisibilityPolicy.Unmuted]: 'unmuted',
  [VisibilityPolicy.Followed]: 'followed',
};

const CODES: Readonly<Record<VisibilityPolicyName, VisibilityPolicyValue>> = {
  inherit: VisibilityPolicy.Inherit,
  muted: VisibilityPolicy.Muted,
  unmuted: VisibilityPolicy.Unmuted,
  followed: VisibilityPolicy.Followed,
};

/** The name of a policy the API numbers 0–3; throws on any other number (deciders check first). */
export function visibilityPolicyName(code: number): VisibilityPolicyName {
  const name = NAMES[code as VisibilityPolicyValue];
  if (name === undefined) throw new Error(`No visibility policy ${code}`);
  return name;
}

/** The API's number for a policy name. */
export const visibilityPolicyCode = (name: VisibilityPolicyName): VisibilityPolicyValue => CODES[name];
