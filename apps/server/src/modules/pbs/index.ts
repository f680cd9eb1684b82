// The pbs module's public face: other modules import only from here (lint enforces it).
export type { PbsService } from './service.js';
export { queueMediaWork, recordColumns, type RecordRow } from './repository.js';
