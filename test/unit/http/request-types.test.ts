import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { REQUEST_TYPES_DIR, requestTypes } from '../../../tools/request-types/request-types.js';

const DIR = join(import.meta.dirname, '..', '..', '..', REQUEST_TYPES_DIR);

describe('request types', () => {
  it('are current with schemas/api (regenerate with npm run types:requests)', async function () {
    this.timeout(20_000);
    const expected = await requestTypes(join(import.meta.dirname, '..', '..', '..'));
    expect(readdirSync(DIR).sort()).to.deep.equal([...expected.keys()].sort());
    for (const [name, text] of expected) expect(readFileSync(join(DIR, name), 'utf8'), name).to.equal(text);
  });
});
