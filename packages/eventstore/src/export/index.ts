export * from './export-filter.js';
export * from './parse-export-filter.js';
export * from './export-line.js';
export * from './export-events.js';
