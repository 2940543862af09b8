export * from './app.js';
export * from './auth.js';
export * from './envelope.js';
export * from './params.js';
export * from './request-schemas.js';
export * from './route.js';
export * from './multipart.js';
export * from './route-index.js';
