/** The palette new subscriptions take their colors from, in order of preference. */
export const SUBSCRIPTION_COLORS: readonly string[] = [
  '#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5',
  '#f5ce6e', '#c2726a', '#94c849', '#bd86e5', '#ee7e4a', '#a6dcbf', '#95a5fd', '#53a063',
  '#9987e1', '#e4523d', '#c2c2c2', '#4f8de4', '#c6a8ad', '#e7cc4d', '#c8bebf', '#a47462',
];

/** The first palette color the user does not use yet; when all are used, cycles by count. */
export function pickColor(inUse: readonly string[]): string {
  const used = new Set(inUse);
  return SUBSCRIPTION_COLORS.find((color) => !used.has(color)) ?? SUBSCRIPTION_COLORS[inUse.length % SUBSCRIPTION_COLORS.length];
}
