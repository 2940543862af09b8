export * from './audit-kinds.js';
export * from './audit-targets.js';
export * from './document-changes.js';
