export * from './user-view.js';
export * from './settings-events.js';
