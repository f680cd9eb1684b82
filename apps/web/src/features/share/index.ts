// What other features may use of this one; its other files are its own.
export { SharePbButton } from './components/share-pb-button';
export { profileLink } from './profile-link';
