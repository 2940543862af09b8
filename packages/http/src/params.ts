import type { Request } from 'express';

/** A repeated field's last value (clients that repeat a field mean the last one). */
export const lastOf = (value: unknown): unknown => (Array.isArray(value) ? value[value.length - 1] : value);

/**
 * Gathers a request's parameters from the query string and from an urlencoded or multipart body
 * (real clients use all three). A repeated field keeps its last value; the body wins over the query.
 */
export function gatherParams(req: Request): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  const sources = [req.query as Record<string, unknown>, (req.body ?? {}) as Record<string, unknown>];
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    for (const [name, value] of Object.entries(source)) params[name] = lastOf(value);
  }
  return params;
}

/** Names the caller sent that the endpoint does not take, in the order sent. */
export function unknownParams(params: Record<string, unknown>, known: ReadonlySet<string>): string[] {
  return Object.keys(params).filter((name) => !known.has(name));
}
