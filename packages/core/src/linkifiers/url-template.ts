/**
 * RFC 6570 URL templates, checked as the public API checks linkifier and playground templates:
 * literal characters the RFC allows, and expressions `{[op]var[:n|*],...}` with level 1 to 4
 * operators (the reserved operators `= , ! @ |` are refused).
 */
const PCT = '%[0-9A-Fa-f]{2}';
const VARCHAR = `(?:[A-Za-z0-9_]|${PCT})`;
const VARSPEC = `${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9][0-9]{0,3}|\\*)?`;
const EXPRESSION = new RegExp(`^\\{[+#./;?&]?(${VARSPEC}(?:,${VARSPEC})*)\\}$`);
const LITERALS = new RegExp(`^(?:[^\\x00-\\x20"'%<>\\\\^\`{|}\\x7f]|${PCT})*$`, 'u');

/** The variable names of a valid template, in order of first use; null when the template is not valid. */
export function urlTemplateVariables(template: string): string[] | null {
  const names: string[] = [];
  const parts = template.split(/(\{[^{}]*\})/);
  for (const part of parts) {
    if (part.startsWith('{')) {
      const match = EXPRESSION.exec(part);
      if (match === null) return null;
      for (const spec of match[1].split(',')) {
        const name = spec.replace(/(:\d+|\*)$/, '');
        if (!names.includes(name)) names.push(name);
      }
    } else if (!LITERALS.test(part)) {
      return null;
    }
  }
  return names;
}
