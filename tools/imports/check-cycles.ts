import { cyclesUnder } from './import-cycles.js';

/** `node --import tsx tools/imports/check-cycles.ts [folder…]`: lists import circles, exits 1 if any. */
const roots = process.argv.slice(2);
const cycles = cyclesUnder(process.cwd(), roots.length > 0 ? roots : ['services', 'packages', 'projections', 'tools']);
for (const cycle of cycles) console.log(`circle of ${cycle.length}:\n  ${cycle.join('\n  ')}`);
console.log(`${cycles.length} import circle(s)`);
process.exitCode = cycles.length > 0 ? 1 : 0;
