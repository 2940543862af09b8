import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REQUEST_TYPES_FILE, requestTypes } from './request-types.js';

const root = join(import.meta.dirname, '..', '..');
writeFileSync(join(root, REQUEST_TYPES_FILE), await requestTypes(root));
process.stdout.write(`written: ${REQUEST_TYPES_FILE}\n`);
