/**
 * What tools/build/server-build.mjs works out once at build time instead of at every start: the JSON
 * Schema checks, compiled, and the read models' version (a digest of the sources that shape them,
 * which the server otherwise reads and hashes at start to decide whether a snapshot fits).
 */
export { precompileChecks } from './precompile-checks.js';
export { sourcesDigest, modelsVersionFiles } from '../../projections/src/snapshots/models-version.js';
