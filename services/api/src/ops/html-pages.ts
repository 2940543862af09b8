import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteResult } from '@chat/http';
import helmet from 'helmet';

type Headers = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The security headers of every HTML page (helmet): no script, style, frame or plugin may run or
 * load; forms post only to this server (and to its external address, where the join page's form
 * goes); no framing; no referrer (the pages' own URLs carry keys and tokens); no MIME sniffing.
 * HSTS only where the external address is https: over plain http it would lock browsers out.
 */
function headersFor(externalUrl: string): Headers {
  const https = new URL(externalUrl).protocol === 'https:';
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'", new URL(externalUrl).origin],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000 } : false,
  });
}

// The address is known once the server listens (an ephemeral port), so the headers are built then.
let built: { url: string; headers: Headers } | null = null;

/** Sets the HTML pages' security headers on a response, for the server's external address. */
function setHtmlHeaders(externalUrl: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (built?.url !== externalUrl) built = { url: externalUrl, headers: headersFor(externalUrl) };
  const { headers } = built;
  return new Promise((resolve, reject) => headers(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
}

/** A page view answered in HTML, run after the security headers are set on its response. */
export function htmlPage<C, K extends { raw: { req: IncomingMessage; res: ServerResponse } }>(
  view: (ctx: C, call: K) => Promise<RouteResult>,
): (ctx: C & { config: { externalUrl: string } }, call: K) => Promise<RouteResult> {
  return async (ctx, call) => {
    await setHtmlHeaders(ctx.config.externalUrl, call.raw.req, call.raw.res);
    return view(ctx, call);
  };
}
