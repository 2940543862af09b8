/** `npm run docs:events`: regenerates docs/EVENTS.md from the event schemas. */
import { writeFileSync } from 'node:fs';
import { eventCatalogue } from './event-catalogue.js';
import { EVENTS_DOC } from './events-doc-path.js';

writeFileSync(EVENTS_DOC, eventCatalogue());
console.log(`wrote ${EVENTS_DOC}`);
