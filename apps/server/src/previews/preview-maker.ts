import type { FastifyBaseLogger } from 'fastify';
import { Semaphore } from '../media/semaphore.js';
import type { PreviewCache } from './preview-cache.js';
import type { PreviewFacts } from './preview-facts.js';
import type { RenderedPreview } from './render-preview.js';

/**
 * Images being made at once, in the whole process. Each holds its pictures, an SVG and a bitmap
 * (a story is about 8 MB of pixels), and their decodes also wait for the upload's image turns.
 */
export const PREVIEW_RENDERS_AT_ONCE = 2;

export interface PreviewMakerDeps {
  cache: PreviewCache;
  render: (facts: PreviewFacts) => Promise<RenderedPreview>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  rendersAtOnce?: number;
}

/**
 * Gives the JPEG of an image by its content key: from the cache, else made once and kept.
 * Requests that arrive together for the same key share one rendering; different keys take
 * turns, a few at a time, so a burst of new links cannot use up memory or the CPU.
 */
export class PreviewMaker {
  private readonly making = new Map<string, Promise<Buffer>>();
  private readonly turns: Semaphore;

  constructor(private readonly deps: PreviewMakerDeps) {
    this.turns = new Semaphore(deps.rendersAtOnce ?? PREVIEW_RENDERS_AT_ONCE);
  }

  async jpeg(key: string, facts: PreviewFacts): Promise<Buffer> {
    const pending = this.making.get(key);
    if (pending) return pending;
    const kept = await this.deps.cache.read(key);
    if (kept) return kept;
    let making = this.making.get(key);
    if (!making) {
      making = this.make(key, facts).finally(() => {
        this.making.delete(key);
      });
      this.making.set(key, making);
    }
    return making;
  }

  private async make(key: string, facts: PreviewFacts): Promise<Buffer> {
    const { jpeg, problems } = await this.turns.run(() => this.deps.render(facts));
    if (problems.length > 0) {
      // Drawn with the fallback this time; not kept, so the next request tries the picture again.
      this.deps.log.warn({ err: problems[0], key }, 'a preview picture could not be read');
      return jpeg;
    }
    // A full disk costs the next request a rendering, not this one its image.
    await this.deps.cache.write(key, jpeg).catch((err: unknown) => {
      this.deps.log.warn({ err, key }, 'could not keep a preview image');
    });
    return jpeg;
  }
}
