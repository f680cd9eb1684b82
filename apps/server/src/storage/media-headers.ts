import { IMMUTABLE_CACHE_CONTROL } from './storage.js';

/** What every media answer carries, from local disk or from the bucket. */
export const MEDIA_RESPONSE_HEADERS = {
  'cache-control': IMMUTABLE_CACHE_CONTROL,
  'x-content-type-options': 'nosniff',
  // Public pictures and videos: other sites (a chat app's link preview, say) may show them,
  // which the app-wide same-origin policy would block. Keys are unguessable and never reused;
  // this header grants no access the URL does not already give.
  'cross-origin-resource-policy': 'cross-origin',
} as const;
