// What other features may use of this one; its other files are its own.
export { NotFoundPage } from './not-found-page';
