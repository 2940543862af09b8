export * from './user-view.js';
export * from './settings-events.js';
export * from './user-group-view.js';
