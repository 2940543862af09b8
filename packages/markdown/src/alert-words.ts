const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

const isWordCharacter = (char: string | undefined): boolean => char !== undefined && WORD_CHARACTER.test(char);

const lastCharacter = (text: string): string | undefined => Array.from(text.slice(-2)).at(-1);
const firstCharacter = (text: string): string | undefined => Array.from(text.slice(0, 2))[0];

/** Whether `needle` occurs in `text` at `index` as a whole word (or phrase): no word character runs into it. */
function standsAlone(text: string, index: number, needle: string): boolean {
  const before = lastCharacter(text.slice(0, index));
  const after = firstCharacter(text.slice(index + needle.length));
  const startsWord = isWordCharacter(firstCharacter(needle));
  const endsWord = isWordCharacter(lastCharacter(needle));
  return !(startsWord && isWordCharacter(before)) && !(endsWord && isWordCharacter(after));
}

/**
 * The alert words (or phrases) of one user that the content contains, regardless of case and as
 * whole words: `deploy` is found in "Deploy now!" but not in "redeployment". The raw content is
 * searched, so a word inside code counts too, as it does on the public server.
 */
export function alertWordHits(content: string, words: readonly string[]): string[] {
  const text = content.toLowerCase();
  return words.filter((word) => {
    const needle = word.toLowerCase();
    if (needle.trim() === '') return false;
    for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + 1)) {
      if (standsAlone(text, index, needle)) return true;
    }
    return false;
  });
}

/** The `has_alert_word` flag of one recipient. */
export const hasAlertWord = (content: string, words: readonly string[]): boolean => alertWordHits(content, words).length > 0;
