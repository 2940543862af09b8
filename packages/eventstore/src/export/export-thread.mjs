// The export thread's entry: loads its TypeScript through tsx, as the server's own entry does.
import { register } from 'tsx/esm/api';

register();
await import('./export-thread.ts');
