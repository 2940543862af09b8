/** A user's visibility policy for a topic, with the public API's numeric encoding. */
export const VisibilityPolicy = { Inherit: 0, Muted: 1, Unmuted: 2, Followed: 3 } as const;
export type VisibilityPolicyValue = (typeof VisibilityPolicy)[keyof typeof VisibilityPolicy];

/** When the automatic follow / unmute settings act: 1 participation, 2 send, 3 initiation, 4 never. */
export const AutomaticPolicy = { OnParticipation: 1, OnSend: 2, OnInitiation: 3, Never: 4 } as const;

/** Whether sending a message (the first in its topic, or not) triggers an automatic-policy setting. */
export const sendTriggers = (setting: number, startsTopic: boolean): boolean =>
  setting === AutomaticPolicy.OnParticipation || setting === AutomaticPolicy.OnSend || (setting === AutomaticPolicy.OnInitiation && startsTopic);

/**
 * The sender's new policy for the topic after sending, or null for no change: followed when the
 * follow setting triggers; otherwise, in a channel they muted, unmuted when the unmute setting does.
 */
export function policyAfterSending(input: {
  current: number;
  followSetting: number;
  unmuteSetting: number;
  channelMuted: boolean;
  startsTopic: boolean;
}): VisibilityPolicyValue | null {
  if (sendTriggers(input.followSetting, input.startsTopic)) {
    return input.current === VisibilityPolicy.Followed ? null : VisibilityPolicy.Followed;
  }
  if (input.channelMuted && sendTriggers(input.unmuteSetting, input.startsTopic)) {
    return input.current === VisibilityPolicy.Unmuted || input.current === VisibilityPolicy.Followed ? null : VisibilityPolicy.Unmuted;
  }
  return null;
}
