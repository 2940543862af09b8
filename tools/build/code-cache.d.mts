/** Types of code-cache.mjs (plain JavaScript: it runs before anything could transpile TypeScript). */
export declare function codeCacheFile(file: string): string;
export declare function requireWithCodeCache(file: string): unknown;
export declare function loadWithCodeCache(file: string, writeAfterMs?: number): { exports: unknown; cache: 'used' | 'rejected' | 'none' | 'unsupported' };
