export * from './forgetting-events.js';
