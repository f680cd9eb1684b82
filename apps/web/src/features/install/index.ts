export { InstallOffer, INSTALL_OFFER_TEXTS } from './install-offer';
export { listenForInstallPrompt } from './install-prompt';
