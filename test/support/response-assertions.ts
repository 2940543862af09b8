import { expect } from 'chai';
import type { ApiResponse } from './api-client.js';
import type { JsonObject } from './json-fields.js';

/** The request succeeded: 200, result "success" and an empty msg. Returns the body to read on. */
export function expectSuccess(res: ApiResponse): JsonObject {
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  expect(res.body).to.include({ result: 'success', msg: '' });
  return res.body;
}

/** The request failed with 400, this code, and a message containing `mentions`. */
export function expectFailure(res: ApiResponse, code: string, mentions: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(400);
  expect(res.body).to.include({ result: 'error', code });
  expect(res.body.msg).to.contain(mentions);
}

/** The request failed with 400, this code, and exactly this message. */
export function expectExactFailure(res: ApiResponse, code: string, msg: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(400);
  expect(res.body).to.include({ result: 'error', code, msg });
}

/** The request failed with 400 BAD_REQUEST and a message containing `mentions`. */
export function expectBadRequest(res: ApiResponse, mentions: string): void {
  expectFailure(res, 'BAD_REQUEST', mentions);
}
