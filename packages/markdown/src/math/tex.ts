import katex from 'katex';

/**
 * TeX as KaTeX renders it (the markup the public server sends), or null when KaTeX refuses it or it
 * asks too much (macro expansions and sizes are bounded by KaTeX's limits). The caller bounds its length.
 */
export function renderTex(tex: string, display: boolean): string | null {
  try {
    return katex.renderToString(tex, { displayMode: display, throwOnError: true, maxExpand: 1000, maxSize: 100 });
  } catch {
    return null;
  }
}
