// The history tools' read side (docs/topics/history-tools.md): imported by path, @chat/projections/history/index.
export * from './history-index.js';
export * from './history-source.js';
export * from './organization-projections.js';
export * from './organization-replay.js';
export * from './organization-history.js';
export * from './audit-trail.js';
export { HistoryStore, type HistoryImage } from './history-store.js';
export * from './history-parameters.js';
export * from './world-at.js';
export * from './organization-answers.js';
export * from './message-at.js';
export * from './user-permissions-at.js';
