import type { FastifyBaseLogger } from 'fastify';
import { ONE_HOUR_MS } from '../durations.js';
import { PreviewCache, previewCacheDir } from './preview-cache.js';

/**
 * Keeps the image cache to what is still shared: at start and then hourly, images unused for 30
 * days go. Returns a function that stops the timer.
 */
export function startPreviewCacheSweeps(dataDir: string, log: FastifyBaseLogger): () => void {
  const cache = new PreviewCache(previewCacheDir(dataDir));
  const run = () => {
    cache.sweep().then(
      (removed) => {
        if (removed > 0) log.info({ removed }, 'removed unused preview images');
      },
      (err: unknown) => {
        log.warn({ err }, 'could not sweep the preview images');
      },
    );
  };
  run();
  const timer = setInterval(run, ONE_HOUR_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
