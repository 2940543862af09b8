/**
 * The longest HTML a message may render to: a hundred times the longest content (10,000 characters),
 * the public server's bound. Past it, rendering fails.
 */
export const MAX_RENDERED_LENGTH = 1_000_000;

/**
 * A message that could not be rendered: its HTML would pass MAX_RENDERED_LENGTH, or the renderer broke
 * on it. The public server refuses such a message with "Unable to render message"; so do the callers.
 */
export class MarkdownRenderingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MarkdownRenderingError';
  }
}
