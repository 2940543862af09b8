import { fileURLToPath } from 'node:url';

/** Where the generated event catalogue lives. */
export const EVENTS_DOC = fileURLToPath(new URL('../../docs/EVENTS.md', import.meta.url));
