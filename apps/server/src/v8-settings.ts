import { setFlagsFromString } from 'node:v8';
import { V8_FLAGS } from './v8-flags.js';

// Applied as this module loads; main.ts imports it first, so they hold before any other code runs.
for (const flag of V8_FLAGS) setFlagsFromString(flag);
