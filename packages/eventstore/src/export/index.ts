export * from './export-filter.js';
export * from './parse-export-filter.js';
export * from './export-line.js';
export * from './export-events.js';
export * from './export-rows.js';
export type { ExportRequest } from './thread/export-thread-protocol.js';
export * from './thread/log-export-thread.js';
