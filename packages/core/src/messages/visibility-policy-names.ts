import { VisibilityPolicy, type VisibilityPolicyValue } from './visibility-policy.js';

/**
 * How the log names a visibility policy (UserTopicChanged.v2): words an auditor reads without the
 * API's code table. The API keeps its numbers; views and projections convert at their edge.
 */
export type VisibilityPolicyName = 'inherit' | 'muted' | 'unmuted' | 'followed';

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
