// The billing module's public face: other modules import only from here (lint enforces it).
export { hasProTime } from './pro-time.js';
