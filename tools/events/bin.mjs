#!/usr/bin/env node
// The `chat-events` bin: loads the TypeScript CLI through tsx, as `npm run events` does.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./cli.ts');
main();
