import { setFlagsFromString } from 'node:v8';
import { V8_FLAGS } from './v8-flags.js';

/*
 * Applies V8_FLAGS (v8-flags.ts says why each) as this module loads. main.ts imports it first, so
 * they hold before any of the app's code has run; `npm start` and every way the tests and the
 * bench start the build go through main.ts.
 */
for (const flag of V8_FLAGS) setFlagsFromString(flag);
