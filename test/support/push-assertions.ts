import { expect } from 'chai';
import type { ApiResponse } from './api-client.js';
import type { ReceivedEvent } from './event-schemas.js';

/** The request failed with this HTTP status and error code (the push errors are not all 400s). */
export function expectPushError(res: ApiResponse, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body).to.include({ result: 'error', code });
  expect(res.body.msg).to.be.a('string').and.not.equal('');
}

/** Events without their queue ids, to compare by content. */
export const withoutIds = (events: readonly ReceivedEvent[]): Record<string, unknown>[] => events.map(({ id: _id, ...rest }) => rest);
