import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../storage/storage.js';
import { storedMediaReader } from './stored-media.js';
import { PreviewCache, previewCacheDir } from './preview-cache.js';
import { PreviewLinks } from './preview-links.js';
import { PreviewMaker } from './preview-maker.js';
import { renderPreview } from './render-preview.js';

/** The preview images of one app: their addresses (for pages) and their maker (for the routes). */
export interface Previews {
  links: PreviewLinks;
  maker: PreviewMaker;
}

export function createPreviews(deps: {
  storage: Storage;
  dataDir: string;
  origin: string;
  log: FastifyBaseLogger;
}): Previews {
  const read = storedMediaReader(deps.storage);
  return {
    links: new PreviewLinks(deps.origin),
    maker: new PreviewMaker({
      cache: new PreviewCache(previewCacheDir(deps.dataDir)),
      render: (facts) => renderPreview(facts, read),
      log: deps.log,
    }),
  };
}
