export * from './user-view.js';
export * from './settings-events.js';
export * from './user-group-view.js';
export * from './channel-folder-view.js';
export * from './channel-activity.js';
export * from './channel-view.js';
export * from './realm-description.js';
export * from './message-view.js';
