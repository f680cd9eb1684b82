// The public page's face for the entries that render and hydrate it outside the app's router.
export { ProfileWithoutScript } from './components/profile-without-script';
export { readInlinePage } from './inline-profile';
export { PublicProfileView, type PublicProfileViewProps } from './public-profile-view';
