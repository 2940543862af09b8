import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REQUEST_TYPES_DIR, requestTypes } from './request-types.js';

const dir = join(import.meta.dirname, '..', '..', REQUEST_TYPES_DIR);
const files = await requestTypes(join(import.meta.dirname, '..', '..'));
mkdirSync(dir, { recursive: true });
for (const name of readdirSync(dir)) if (!files.has(name)) rmSync(join(dir, name));
for (const [name, text] of files) writeFileSync(join(dir, name), text);
process.stdout.write(`written: ${files.size} files in ${REQUEST_TYPES_DIR}\n`);
