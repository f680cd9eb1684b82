import satori from 'satori';
import sharp from 'sharp';
import { withinImageBudget } from '../media/image-budget.js';
import { previewFonts } from './fonts.js';
import { PREVIEW_SIZES, type PreviewFacts } from './preview-facts.js';
import { fitPicture, type FittedPicture, type ReadMedia } from './pictures.js';
import { artBoxes, drawPreview } from './templates/index.js';

/** Photos dominate these images, where JPEG is a fraction of PNG's size. */
const JPEG = { quality: 82, mozjpeg: true } as const;

export interface RenderedPreview {
  jpeg: Buffer;
  /** Why a picture it names was drawn as the fallback; such an image is served but not kept. */
  problems: unknown[];
}

const NO_PICTURE: FittedPicture = { dataUri: null };

/**
 * Draws one preview image: the pictures are cut to their boxes, satori lays out the template and
 * turns its text into paths (so no system font is involved), and sharp rasterizes the SVG.
 */
export async function renderPreview(
  facts: PreviewFacts,
  read: ReadMedia,
): Promise<RenderedPreview> {
  const boxes = artBoxes(facts);
  const [picture, avatar] = await Promise.all([
    boxes.picture ? fitPicture(read, facts.pb?.picture ?? null, boxes.picture) : NO_PICTURE,
    fitPicture(read, facts.owner.avatar, { width: boxes.avatar, height: boxes.avatar }),
  ]);
  const { width, height } = PREVIEW_SIZES[facts.kind];
  const svg = await satori(
    drawPreview(facts, { picture: picture.dataUri, avatar: avatar.dataUri }),
    {
      width,
      height,
      fonts: await previewFonts(),
    },
  );
  const jpeg = await rasterize(Buffer.from(svg));
  const problems = [picture.problem, avatar.problem].filter((problem) => problem !== undefined);
  return { jpeg, problems };
}

/** In a decode turn like any other image: the SVG unpacks into width x height pixels and more. */
async function rasterize(svg: Buffer): Promise<Buffer> {
  try {
    return await withinImageBudget(svg, () => sharp(svg).jpeg(JPEG).toBuffer());
  } catch (err) {
    // The SVG is ours, so a failure here is the server's, not the visitor's (no 4xx).
    throw new Error('could not rasterize a preview image', { cause: err });
  }
}
