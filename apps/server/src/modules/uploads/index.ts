/** What other modules and the composition roots may use of resumable uploads. */
import type { UploadsService } from './service.js';

export { UploadsService, UPLOAD_MESSAGES, type TakenUpload } from './service.js';
export { uploadsRoutes, UPLOADS_PATH } from './routes.js';
export { createUploads, type Uploads } from './create-uploads.js';

/** The one thing the PB routes need: a finished upload of the caller's, taken once. */
export interface FinishedUploads {
  take: UploadsService['take'];
}
export { startUploadSweep } from './upload-sweep.js';
