export { OfflineBanner } from './offline-banner';
export { OFFLINE_TEXTS } from './offline-texts';
export { UpdatePrompt } from './update-prompt';
export { useOnline } from './use-online';
