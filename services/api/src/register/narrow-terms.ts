import { badRequest } from '@chat/core';
import type { NarrowTerm } from '@chat/realtime';

/** Accepts both narrow forms clients send: [operator, operand] pairs and {operator, operand} objects. */
export function normalizeNarrow(raw: unknown): NarrowTerm[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw badRequest("Invalid 'narrow': must be a list");
  return raw.map((term): NarrowTerm => {
    if (Array.isArray(term) && term.length === 2) return [String(term[0]), String(term[1])];
    if (typeof term === 'object' && term !== null && 'operator' in term) {
      const { operator, operand, negated } = term as { operator: unknown; operand: unknown; negated?: unknown };
      return [negated === true ? `-${String(operator)}` : String(operator), String(operand ?? '')];
    }
    throw badRequest("Invalid 'narrow': each term must be [operator, operand] or {operator, operand}");
  });
}
