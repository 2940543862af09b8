export * from './upcaster.js';
export * from './upcasting-event-store.js';
export * from './all-upcasters.js';
