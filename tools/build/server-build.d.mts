// Types of server-build.mjs (plain JavaScript: it runs before anything could transpile it).
export declare const ROOT: string;
export declare const DIST: string;
/** The server's entry, relative to ROOT. */
export declare const MAIN: string;
/** Where the compiled form of a source file (absolute path) is written. */
export declare function compiledPath(source: string): string;
/** Builds the server and its workers into dist/. */
export declare function buildServer(): Promise<void>;
/** Whether dist/ holds a build of the sources as they are now. */
export declare function buildIsCurrent(): boolean;
/** The compiled entry's path, to require. */
export declare function compiledMain(): string;
/** The server's first module (start-ahead.ts), compiled on its own. */
export declare const AHEAD: string;
/** The compiled first module's path, to require before the entry. */
export declare function compiledAhead(): string;
/** The code with every character past ASCII written as a `\u` escape, as bytes (the bundles are written so). */
export function asciiOnly(code: string): Buffer;
