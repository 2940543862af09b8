/** Language codes the server has translations for. */
export const SUPPORTED_LANGUAGES: ReadonlySet<string> = new Set([
  'ar', 'be', 'bg', 'bn', 'ca', 'cs', 'cy', 'da', 'de', 'el', 'en', 'en-gb', 'eo', 'es', 'fa', 'fi', 'fr', 'gl', 'gu',
  'hi', 'hu', 'id', 'it', 'ja', 'ko', 'lt', 'ml', 'mn', 'nl', 'no', 'pa', 'pl', 'pt', 'pt-br', 'pt-pt', 'ro', 'ru',
  'si', 'sk', 'sr', 'sv', 'ta', 'te', 'tl', 'tr', 'uk', 'uz', 'vi', 'zh-hans', 'zh-hant',
]);

export const NOTIFICATION_SOUNDS: readonly string[] = ['none', 'zulip', 'ding', 'chime', 'swoosh', 'pop'];

/**
 * An IANA zone name (canonical or alias, such as Asia/Kolkata and Asia/Calcutta), or empty for
 * "unknown". The runtime's own time-zone database decides.
 */
export function isKnownTimezone(zone: string): boolean {
  if (zone === '') return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
