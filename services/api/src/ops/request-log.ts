import type { Logger } from 'pino';
import { type RequestDone, requestIdOf, routeLabelOf } from '@chat/http';
import { loggablePath } from '../secrets/log-redaction.js';

/**
 * One line per request once it is answered (or its client went away): its id (the one in the
 * X-Request-Id header and on the events it appended), method, path, the route that took it, status and time.
 */
export function requestLog(log: Logger): RequestDone {
  return (req, res, { url, elapsedMs }) => {
    if (!log.isLevelEnabled('info')) return;
    log.info(
      {
        reqId: requestIdOf(req),
        method: req.method,
        path: loggablePath(url),
        route: routeLabelOf(req),
        status: res.statusCode,
        ms: Math.round(elapsedMs * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      'request',
    );
  };
}
