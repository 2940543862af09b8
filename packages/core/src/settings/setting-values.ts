/** Language codes the server has translations for. */
export const SUPPORTED_LANGUAGES: ReadonlySet<string> = new Set([
  'ar', 'be', 'bg', 'bn', 'ca', 'cs', 'cy', 'da', 'de', 'el', 'en', 'en-gb', 'eo', 'es', 'fa', 'fi', 'fr', 'gl', 'gu',
  'hi', 'hu', 'id', 'it', 'ja', 'ko', 'lt', 'ml', 'mn', 'nl', 'no', 'pa', 'pl', 'pt', 'pt-br', 'pt-pt', 'ro', 'ru',
  'si', 'sk', 'sr', 'sv', 'ta', 'te', 'tl', 'tr', 'uk', 'uz', 'vi', 'zh-hans', 'zh-hant',
]);

export const NOTIFICATION_SOUNDS: readonly string[] = ['none', 'zulip', 'ding', 'chime', 'swoosh', 'pop'];

const TIMEZONES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('timeZone'));

/** An IANA zone name, or empty for "unknown". */
export const isKnownTimezone = (zone: string): boolean => zone === '' || zone === 'UTC' || TIMEZONES.has(zone);
