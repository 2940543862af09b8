/** Shell-style wildcards (`*`, `?`, `[seq]`, `[!seq]`) as Python's fnmatch reads them, case-sensitively. */
function wildcard(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern.charAt(i);
    if (char === '*') source += '[\\s\\S]*';
    else if (char === '?') source += '[\\s\\S]';
    else if (char === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end === -1) source += '\\[';
      else {
        let set = pattern.slice(i + 1, end).replace(/\\/g, '\\\\');
        if (set.startsWith('!')) set = `^${set.slice(1)}`;
        else if (set.startsWith('^')) set = `\\${set}`;
        source += `[${set}]`;
        i = end;
      }
    } else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const matchesAny = (event: string, patterns: readonly string[]): boolean => patterns.some((pattern) => wildcard(pattern).test(event));

/**
 * The public server's event filter for every integration: with `only_events`, only events matching
 * one of its patterns are posted; events matching one of `exclude_events` never are. Messages without
 * an event type always pass.
 */
export function eventPasses(event: string | undefined, only: readonly string[] | undefined, exclude: readonly string[] | undefined): boolean {
  if (event === undefined) return true;
  if (only !== undefined && !matchesAny(event, only)) return false;
  return !(exclude !== undefined && matchesAny(event, exclude));
}
