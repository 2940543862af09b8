import { ApiError, type Clock, requestIdReused, requestInProgress } from '@chat/core';
import { HANDLED, type RouteCall, type RouteResult, serializeBody } from '@chat/http';
import { type AcceptedRequest, requestKey } from '@chat/projections';
import type { DocumentCollection } from '@chat/readstore';
import type { CommandBus } from './command-bus.js';
import { type RequestClaim, RequestAlreadyAccepted, requestClaim } from './request-claim.js';

/** How long a request id stays taken: a retry later than this is a new request. */
export const REQUEST_ID_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a retry waits for the answer of a request another process is still answering. */
const ANSWER_WAIT_MS = 5000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The claim of each write in progress that carries a request id, for `originOf`. */
const claims = new WeakMap<RouteCall, RequestClaim>();
export const claimOf = (call: RouteCall): RequestClaim | undefined => claims.get(call);

interface Dependencies {
  requests: DocumentCollection<AcceptedRequest>;
  bus: CommandBus;
  clock: Clock;
  /** The log position the read models stand at. */
  readPosition: () => number;
}

/**
 * Idempotent writes: a request id is scoped to its user. A retry of the same request (same method,
 * route, parameters) gets the first answer again, byte for byte; the same id on a different request
 * is refused with 409 REQUEST_ID_REUSED. In process, a retry arriving while the first is running
 * waits for it; across processes and restarts, the `requests` read model (rebuilt from the log's
 * RequestAccepted/RequestAnswered) answers. See docs/topics/idempotency.md.
 */
export class RequestLedger {
  private readonly running = new Map<string, { fingerprint: string; answer: Promise<RouteResult> }>();

  constructor(private readonly deps: Dependencies) {}

  async answer(call: RouteCall, view: () => Promise<RouteResult>): Promise<RouteResult> {
    const { retry, caller } = call;
    if (!retry || !caller) return view();
    const key = requestKey(caller.user_id, retry.requestId);
    const running = this.running.get(key);
    if (running) {
      if (running.fingerprint !== retry.fingerprint) throw requestIdReused(retry.requestId);
      return running.answer;
    }
    const answer = this.settle(key, call, caller.user_id, view);
    this.running.set(key, { fingerprint: retry.fingerprint, answer });
    try {
      return await answer;
    } finally {
      this.running.delete(key);
    }
  }

  private async settle(key: string, call: RouteCall, userId: number, view: () => Promise<RouteResult>): Promise<RouteResult> {
    const retry = call.retry!;
    const seenAt = this.deps.readPosition();
    const known = await this.fresh(key);
    if (known) return this.replay(key, retry.requestId, known, retry.fingerprint);
    const claim = requestClaim(userId, retry.requestId, retry.fingerprint, seenAt);
    claims.set(call, claim);
    try {
      const result = await view();
      if (claim.accepted && result !== HANDLED) await this.record(call, claim, 200, serializeBody(result));
      return result;
    } catch (error) {
      if (error instanceof RequestAlreadyAccepted) return this.replay(key, retry.requestId, await this.fresh(key), retry.fingerprint);
      if (claim.accepted && error instanceof ApiError && error.status < 500) {
        await this.record(call, claim, error.status, JSON.stringify({ code: error.code, msg: error.message, extras: error.extras }));
      }
      throw error;
    }
  }

  private async fresh(key: string): Promise<AcceptedRequest | undefined> {
    const known = await this.deps.requests.get(key);
    return known && known.accepted_at > this.deps.clock.now() - REQUEST_ID_TTL_MS ? known : undefined;
  }

  /** The first answer again; waits a little for one another process has not recorded yet. */
  private async replay(key: string, requestId: string, known: AcceptedRequest | undefined, fingerprint: string): Promise<RouteResult> {
    const deadline = Date.now() + ANSWER_WAIT_MS;
    let request = known;
    while (!request?.answer && Date.now() < deadline) {
      if (request && request.fingerprint !== fingerprint) break;
      await sleep(50);
      request = await this.fresh(key);
    }
    if (request && request.fingerprint !== fingerprint) throw requestIdReused(requestId);
    if (!request?.answer) throw requestInProgress(requestId);
    const body: unknown = JSON.parse(request.answer.body);
    if (request.answer.status === 200) return body as Record<string, unknown>;
    const error = body as { code: string; msg: string; extras: Record<string, unknown> };
    throw new ApiError(error.code, request.answer.status, error.msg, error.extras);
  }

  private async record(call: RouteCall, claim: RequestClaim, status: number, body: string): Promise<void> {
    const origin = { actorId: claim.userId, requestId: claim.requestId, client: call.client };
    const data = { user_id: claim.userId, request_id: claim.requestId, status, body };
    await this.deps.bus.commit(origin, [{ stream: claim.stream, expected: 'stream_exists', events: [{ type: 'RequestAnswered', data }] }]);
  }
}
