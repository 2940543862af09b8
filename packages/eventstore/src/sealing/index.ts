export * from './seal-spec.js';
export * from './sealed-envelope.js';
export { sealData, subjectsToSeal } from './seal-data.js';
export { forgottenPaths, sealedSubjects, unsealData } from './unseal-data.js';
export { withoutPaths } from './object-paths.js';
export { SealingEventStore } from './sealing-event-store.js';
export { UnsealingLogReader } from './unsealing-log-reader.js';
