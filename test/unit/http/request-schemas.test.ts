import { readdirSync, readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { expect } from 'chai';
import { API_SCHEMA_DIR, loadRequestSchemas } from '@chat/http';

/** The server compiles a request schema on its endpoint's first call, without checking the schema itself: this does both, for every one. */
describe('request schemas (schemas/api)', function () {
  const files = readdirSync(API_SCHEMA_DIR).filter((name) => name.endsWith('.json'));

  it('are each a valid JSON Schema that compiles', function () {
    this.timeout(60_000);
    const ajv = new Ajv({ coerceTypes: true, strict: false });
    for (const file of files) {
      const schema: unknown = JSON.parse(readFileSync(`${API_SCHEMA_DIR}/${file}`, 'utf8'));
      expect(ajv.validateSchema(schema as object), `${file}: ${ajv.errorsText()}`).to.equal(true);
      expect(() => ajv.compile(schema as object), file).not.to.throw();
    }
  });

  it('load one check per file, each compiled when first used', function () {
    const checks = loadRequestSchemas();
    expect([...checks.keys()].sort()).to.deep.equal(files.map((name) => name.replace(/\.json$/, '')).sort());
    const [name, check] = [...checks][0];
    expect(check.validator(), name).to.equal(check.validator());
  });
});
