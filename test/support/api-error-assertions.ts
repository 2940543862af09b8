import { expect } from 'chai';
import { ApiError } from '@chat/core';

export interface ExpectedApiError {
  code: string;
  status: number;
  /** Text the message must contain: the bad parameter, quoted as the message quotes it, or the rule. */
  mentions: string;
}

/** Runs a decision that must fail and checks the client-visible error it raises. */
export function expectApiError(decide: () => unknown, expected: ExpectedApiError): ApiError {
  let thrown: unknown;
  try {
    decide();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'the decision should have thrown').to.be.instanceOf(ApiError);
  const error = thrown as ApiError;
  expect({ code: error.code, status: error.status }).to.deep.equal({ code: expected.code, status: expected.status });
  expect(error.message).to.contain(expected.mentions);
  return error;
}

/** What a decision refused with BAD_REQUEST raises: a 400 whose message contains `mentions`. */
export const refused = (mentions: string): ExpectedApiError => ({ code: 'BAD_REQUEST', status: 400, mentions });
