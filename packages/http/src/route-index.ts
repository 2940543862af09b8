/** Path parameters: `:name` gives one decoded segment, a final `*name` the decoded segments of the rest. */
export type PathParams = Record<string, string | string[]>;

export type RouteMatch<T> =
  | { kind: 'found'; target: T; params: PathParams }
  | { kind: 'wrong-method'; allowed: readonly string[] }
  | { kind: 'unknown-path' };

/** Thrown for a parameter with a malformed percent escape; carries the 400 express's router gives it. */
export class MalformedPathError extends Error {
  readonly status = 400;
  constructor(value: string) {
    super(`Failed to decode param '${value}'`);
  }
}

type Segment = { literal: string } | { param: string };

interface Pattern<T> {
  method: string;
  segments: Segment[];
  wildcard: string | null;
  target: T;
  /** Every method of the path as registered, shared by its routes: the 405 answer. */
  allowed: string[];
}

interface StaticPath<T> {
  targets: Map<string, T>;
  allowed: string[];
}

const PARAM = /^:([A-Za-z_$][\w$]*)$/;
const WILDCARD = /^\*([A-Za-z_$][\w$]*)$/;
const RESERVED = /[:*?+!(){}[\]\\]/;

/**
 * Routes a method and path the way express 5's router does by default (case-insensitive, one optional
 * trailing slash, parameters percent-decoded, HEAD served by GET, a wrong method falling through to a
 * later route that has it) without testing every route: static paths are one map lookup, and only
 * paths with parameters are compared segment by segment, in registration order. A static path wins
 * over a parameterized one that also matches.
 */
export class RouteIndex<T> {
  private readonly statics = new Map<string, StaticPath<T>>();
  private readonly patterns: Pattern<T>[] = [];
  private readonly methodsByPath = new Map<string, string[]>();

  add(method: string, path: string, target: T): void {
    if (!path.startsWith('/')) throw new Error(`Route path '${path}' must start with '/'`);
    const allowed = this.methodsByPath.get(path) ?? [];
    if (allowed.includes(method)) throw new Error(`Route ${method} ${path} is registered twice`);
    allowed.push(method);
    this.methodsByPath.set(path, allowed);
    const { segments, wildcard } = compile(path);
    if (wildcard === null && segments.every((segment) => 'literal' in segment)) {
      // express drops a route path's trailing slashes; a request may add one back.
      const key = path.replace(/\/+$/, '').toLowerCase() || '/';
      const known = this.statics.get(key) ?? { targets: new Map<string, T>(), allowed };
      known.targets.set(method, target);
      this.statics.set(key, known);
    } else {
      this.patterns.push({ method, segments, wildcard, target, allowed });
    }
  }

  /** Throws MalformedPathError where a matching route's parameter does not decode, as express does. */
  match(method: string, path: string): RouteMatch<T> {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const known = this.statics.get(withoutTrailingSlash(path).toLowerCase());
    const target = known?.targets.get(wanted);
    if (target !== undefined) return { kind: 'found', target, params: {} };
    let allowed = known?.allowed;
    if (this.patterns.length > 0) {
      const segments = path.split('/');
      for (const pattern of this.patterns) {
        const params = matchPattern(pattern, segments);
        if (params === null) continue;
        if (pattern.method === wanted) return { kind: 'found', target: pattern.target, params };
        allowed ??= pattern.allowed;
      }
    }
    return allowed ? { kind: 'wrong-method', allowed } : { kind: 'unknown-path' };
  }
}

const withoutTrailingSlash = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

function compile(path: string): { segments: Segment[]; wildcard: string | null } {
  const parts = path.replace(/\/+$/, '').split('/').slice(1);
  const wildcard = WILDCARD.exec(parts[parts.length - 1] ?? '')?.[1] ?? null;
  if (wildcard !== null) parts.pop();
  const segments = parts.map((part): Segment => {
    const param = PARAM.exec(part)?.[1];
    if (param !== undefined) return { param };
    if (RESERVED.test(part)) throw new Error(`Route path '${path}': only whole-segment ':name' and a final '*name' are supported`);
    return { literal: part.toLowerCase() };
  });
  return { segments, wildcard };
}

/** `segments` is the request path split on '/', so segments[0] is the empty text before the first slash. */
function matchPattern(pattern: Pattern<unknown>, segments: readonly string[]): PathParams | null {
  const count = pattern.segments.length;
  if (pattern.wildcard === null) {
    const trailing = segments.length === count + 2 && segments[count + 1] === '';
    if (segments.length !== count + 1 && !trailing) return null;
  } else if (segments.length < count + 2 || (segments.length === count + 2 && segments[count + 1] === '')) {
    // The wildcard takes at least one character of the rest, and keeps a trailing slash as an empty last segment.
    return null;
  }
  for (let i = 0; i < count; i++) {
    const expected = pattern.segments[i];
    const actual = segments[i + 1];
    if ('literal' in expected ? actual.toLowerCase() !== expected.literal : actual === '') return null;
  }
  const params: PathParams = {};
  for (let i = 0; i < count; i++) {
    const expected = pattern.segments[i];
    if ('param' in expected) params[expected.param] = decodeSegment(segments[i + 1]);
  }
  if (pattern.wildcard !== null) params[pattern.wildcard] = segments.slice(count + 1).map(decodeSegment);
  return params;
}

function decodeSegment(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw new MalformedPathError(value);
  }
}
