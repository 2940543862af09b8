export { renderMarkdown } from './render.js';
