import { type ApiError, badRequest } from '@chat/core';
import type { NarrowTerm } from '@chat/realtime';

/** The operators a narrow may use, under their current names. */
export const NARROW_OPERATORS = ['channel', 'channels', 'topic', 'dm', 'dm-including', 'sender', 'is', 'id', 'search', 'has', 'near', 'with'] as const;
export type NarrowOperator = (typeof NARROW_OPERATORS)[number];

/** Older names clients still send. */
const ALIASES: ReadonlyMap<string, NarrowOperator> = new Map([
  ['stream', 'channel'],
  ['streams', 'channels'],
  ['subject', 'topic'],
  ['pm-with', 'dm'],
  ['group-pm-with', 'dm-including'],
]);

export type NarrowOperand = string | number | readonly (string | number)[];

/** One term of a narrow, its operator under the current name, negation separated. */
export interface NarrowClause {
  operator: NarrowOperator;
  operand: NarrowOperand;
  negated: boolean;
}

/** Every narrow problem reads as the public server words it. */
export const narrowError = (what: string): ApiError => badRequest(`Invalid narrow operator: ${what}`);

const isOperator = (name: string): name is NarrowOperator => (NARROW_OPERATORS as readonly string[]).includes(name);

/** A clause from an operator as sent (`-` in front negates, old names accepted). */
export function clauseOf(rawOperator: string, operand: NarrowOperand, negatedFlag = false): NarrowClause {
  const negated = negatedFlag || rawOperator.startsWith('-');
  const name = rawOperator.replace(/^-/, '').trim().toLowerCase();
  const operator = ALIASES.get(name) ?? name;
  if (!isOperator(operator)) throw narrowError(`unknown operator '${rawOperator}'`);
  return { operator, operand, negated };
}

function operandOf(value: unknown): NarrowOperand {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value as (string | number)[];
  throw badRequest("Invalid 'narrow': an operand must be a string, an integer or a list of them");
}

/** The `narrow` parameter (already JSON-decoded) in either form: [operator, operand] pairs or {operator, operand, negated} objects. */
export function parseNarrow(raw: unknown): NarrowClause[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw badRequest("Invalid 'narrow': must be a list");
  return raw.map((term: unknown): NarrowClause => {
    if (Array.isArray(term) && term.length === 2 && typeof term[0] === 'string') return clauseOf(term[0], operandOf(term[1]));
    if (typeof term === 'object' && term !== null && !Array.isArray(term)) {
      const { operator, operand, negated } = term as Record<string, unknown>;
      if (typeof operator === 'string' && operand !== undefined) return clauseOf(operator, operandOf(operand), negated === true);
    }
    throw badRequest("Invalid 'narrow': each term must be [operator, operand] or {operator, operand, negated}");
  });
}

/** The clauses of a narrow stored with an event queue (operands kept as strings there). */
export const clausesOfTerms = (terms: readonly NarrowTerm[]): NarrowClause[] => terms.map(([operator, operand]) => clauseOf(operator, operand));

/** A user or message id given as a number or as digits. */
export function idOperand(operand: string | number): number | undefined {
  if (typeof operand === 'number') return Number.isSafeInteger(operand) ? operand : undefined;
  return /^\d+$/.test(operand.trim()) ? Number(operand.trim()) : undefined;
}

/** An operand naming one thing (a channel, a user, a message id). */
export function singleOperand(clause: NarrowClause): string | number {
  const { operand } = clause;
  if (Array.isArray(operand)) {
    if (operand.length === 1) return operand[0];
    throw narrowError(`'${clause.operator}' takes one operand`);
  }
  return operand as string | number;
}

/** The users a `dm` operand lists: ids, or addresses as a list or separated by commas. */
export function userRefsOf(operand: NarrowOperand): (string | number)[] {
  if (Array.isArray(operand)) return [...operand];
  if (typeof operand === 'number') return [operand];
  return (operand as string)
    .split(',')
    .map((ref) => ref.trim())
    .filter((ref) => ref !== '');
}

/** Search words: quoted phrases stay whole; everything compares case-insensitively. */
export function searchWords(operand: NarrowOperand): string[] {
  const words: string[] = [];
  for (const match of String(operand).matchAll(/"([^"]*)"|(\S+)/g)) {
    const word = (match[1] ?? match[2] ?? '').trim().toLowerCase();
    if (word !== '') words.push(word);
  }
  return words;
}
