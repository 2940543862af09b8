import type { Express, RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The security headers of every HTML page (helmet): no script, style, frame or plugin may run or
 * load; forms post only to this server (and to its external address, where the join page's form
 * goes); no framing; no referrer (the pages' own URLs carry keys and tokens); no MIME sniffing.
 * HSTS only where the external address is https: over plain http it would lock browsers out.
 */
export function htmlPageHeaders(externalUrl: () => string): RequestHandler {
  let built: { url: string; headers: RequestHandler } | null = null;
  // The address is known once the server listens (an ephemeral port), so the headers are built then.
  return (req, res, next) => {
    const url = externalUrl();
    if (built?.url !== url) built = { url, headers: headersFor(url) };
    built.headers(req, res, next);
  };
}

function headersFor(externalUrl: string): RequestHandler {
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

/** Mounts a GET page answered in HTML: its handler runs after the security headers are set. */
export function mountHtmlPage(app: Express, path: string, headers: RequestHandler, page: RequestHandler): void {
  app.get(path, headers, page);
}
