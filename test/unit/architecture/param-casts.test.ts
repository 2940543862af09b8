import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { paramCastsIn, paramCastsUnder } from '../../../tools/imports/param-casts.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Where views live: the entry points that answer requests (layering-rules.ts), the scheduler aside. */
const VIEW_PLACES = [
  'services/api/src/endpoints',
  'services/api/src/register',
  'services/api/src/ops',
  ...readdirSync(join(ROOT, 'services/api/src/uploads'))
    .filter((name) => name.startsWith('serve-'))
    .map((name) => `services/api/src/uploads/${name}`),
];

describe('casts of request parameters in views', () => {
  // Views take their parameters typed by their request schemas (`CallOf<'schema'>`, the types
  // generated from schemas/api): a cast would hide a parameter the schema does not describe.
  it('finds none in endpoints, register, ops and the upload pages', () => {
    const casts = paramCastsUnder(ROOT, VIEW_PLACES);
    expect(casts.map((cast) => `${cast.file}:${cast.line} ${cast.text}`)).to.deep.equal([]);
  });

  it('finds an `as` on the parameters or on one of them, and String, Number or Boolean of one (or of one with a fallback)', () => {
    const source = [
      'export async function view(ctx: unknown, call: RouteCall) {',
      '  const p = call.params;',
      '  const { path: where } = call;',
      '  const a = p.to as string[];',
      '  const b = String(call.params.content);',
      '  const c = Number(where.message_id);',
      '  const d = call.params as Record<string, number>;',
      '  const e = (p["kind"]) as Kind;',
      '  const f = [1, 2] as const;',
      '  const g = other.value as string;',
      '  const h = Number(p.count ?? 0) + String(other.x).length;',
      '  return { a, b, c, d, e, f, g, h };',
      '}',
      'function helper(params: Record<string, unknown>) {',
      '  return Boolean(params.flag);',
      '}',
    ].join('\n');
    expect(paramCastsIn('view.ts', source).map((cast) => [cast.line, cast.text])).to.deep.equal([
      [4, 'p.to as string[]'],
      [5, 'String(call.params.content)'],
      [6, 'Number(where.message_id)'],
      [7, 'call.params as Record<string, number>'],
      [8, '(p["kind"]) as Kind'],
      [11, 'Number(p.count ?? 0)'],
      [15, 'Boolean(params.flag)'],
    ]);
  });
});
