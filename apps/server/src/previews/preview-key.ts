import { createHash } from 'node:crypto';
import type { PreviewFacts } from './preview-facts.js';

/**
 * Changes whenever the templates draw differently (layout, colours, fonts), so every image is
 * made again under a new key instead of caches keeping the old look forever.
 */
export const PREVIEW_TEMPLATE_VERSION = 2;

/** 96 bits of SHA-256, in hex: the name of an image under /previews and in the cache. */
export const PREVIEW_KEY_PATTERN = /^[0-9a-f]{24}$/;

/**
 * The content key of an image: a hash of the template version and of everything drawn. Two
 * requests that would draw the same image get the same key, and any visible edit a new one.
 */
export function previewKey(facts: PreviewFacts): string {
  return createHash('sha256')
    .update(JSON.stringify([PREVIEW_TEMPLATE_VERSION, facts]))
    .digest('hex')
    .slice(0, 24);
}
