import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { OutgoingWebhookCall } from '@chat/core';
import { addressesOf, isDisallowedAddress } from './address-policy.js';

/** The most of an answer kept: a service's reply is a message, not a download. */
const MAX_ANSWER_BYTES = 1024 * 1024;

class DisallowedAddress extends Error {}

/**
 * Resolves a host as the connection will use it and refuses a disallowed address there, after
 * resolution, so a name that changes its answer between a check and the connection cannot slip by.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    addressesOf(hostname).then(
      (found) => {
        const usable = found.filter((entry) => allowPrivate || !isDisallowedAddress(entry.address));
        const first = usable[0];
        if (!first) return callback(new DisallowedAddress(hostname), '', 4);
        if (options.all) return (callback as unknown as (error: null, all: typeof usable) => void)(null, usable);
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

export interface WebhookRequest {
  url: string;
  contentType: string;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

/** POSTs a payload to a bot's service and tells how it went; never throws. */
export function postWebhook(req: WebhookRequest): Promise<OutgoingWebhookCall> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (call: OutgoingWebhookCall): void => {
      if (!settled) resolve(call);
      settled = true;
    };
    const url = new URL(req.url);
    const options: RequestOptions = {
      method: 'POST',
      headers: { 'Content-Type': req.contentType, 'Content-Length': Buffer.byteLength(req.body), 'User-Agent': 'ZulipOutgoingWebhook' },
      lookup: guardedLookup(req.allowPrivate),
    };
    const call = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      res.on('end', () => done({ kind: 'answered', status: res.statusCode ?? 0, body: new Uint8Array(Buffer.concat(chunks)) }));
      res.on('error', () => done({ kind: 'connection' }));
    });
    const timer = setTimeout(() => {
      done({ kind: 'timeout' });
      call.destroy();
    }, req.timeoutMs);
    call.on('close', () => clearTimeout(timer));
    call.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof DisallowedAddress) return done({ kind: 'refused' });
      const code = error.code ?? '';
      if (['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE'].includes(code)) return done({ kind: 'connection' });
      done({ kind: 'error', name: error.name || 'Error' });
    });
    call.end(req.body);
  });
}
