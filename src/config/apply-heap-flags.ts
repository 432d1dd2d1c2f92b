// Imported first by main.ts, before any other module is loaded: see heap-flags.ts.
import { applyHeapFlags } from './heap-flags';

applyHeapFlags();
