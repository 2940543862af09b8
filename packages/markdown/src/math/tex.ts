import katex from 'katex';

/** Longest TeX source rendered; longer math shows as its source in a `tex-error` span, as a render failure does. */
export const MAX_TEX_LENGTH = 2000;

/**
 * TeX as KaTeX renders it (the markup the public server sends), or null when KaTeX refuses it, it
 * is too long, or it asks too much (macro expansions and sizes are bounded by KaTeX's limits).
 */
export function renderTex(tex: string, display: boolean): string | null {
  if (tex.length > MAX_TEX_LENGTH) return null;
  try {
    return katex.renderToString(tex, { displayMode: display, throwOnError: true, maxExpand: 1000, maxSize: 100 });
  } catch {
    return null;
  }
}
