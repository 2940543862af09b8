import { expect } from 'chai';
import { JsonText, serializeBody } from '@chat/http';

describe('serializeBody', function () {
  it('is JSON.stringify for bodies without pre-serialized fields', function () {
    const body = { result: 'success', msg: '', list: [1, { a: null }], gone: undefined };
    expect(serializeBody(body)).to.equal(JSON.stringify(body));
    expect(serializeBody([1, 2])).to.equal('[1,2]');
  });

  it('splices top-level JsonText values in as they are, keeping field order and dropping undefined fields', function () {
    const text = serializeBody({ result: 'success', users: new JsonText('[{"id":1}]'), skipped: undefined, 'odd"name': 2 });
    expect(text).to.equal('{"result":"success","users":[{"id":1}],"odd\\"name":2}');
    expect(JSON.parse(text)).to.deep.equal({ result: 'success', users: [{ id: 1 }], 'odd"name': 2 });
  });
});
