// What other features may use of this one; its other files are its own.
export { useAppConfig } from './api/get-app-config';
