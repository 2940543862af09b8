import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { REQUEST_TYPES_FILE, requestTypes } from '../../../tools/request-types/request-types.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

describe('request types', () => {
  it('are current with schemas/api (regenerate with npm run types:requests)', async function () {
    this.timeout(20_000);
    expect(readFileSync(join(ROOT, REQUEST_TYPES_FILE), 'utf8')).to.equal(await requestTypes(ROOT));
  });
});
