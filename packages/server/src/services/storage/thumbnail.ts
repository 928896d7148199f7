import sharp from 'sharp';

/** A thumbnail's box: 200×200 pixels (catalogues §3 "thumbnails 200×200"). */
export const THUMBNAIL_SIZE = 200;
/**
 * The most pixels an image may have to be thumbnailed: 50 megapixels takes a 48 MP phone photo
 * (8064×6048) while a tiny file that unpacks to a huge canvas (a "pixel bomb") is refused from its
 * header, before anything is decoded.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** How long one thumbnail may take before it is given up. */
const TIMEOUT_SECONDS = 10;

/** Why an image could not be thumbnailed, in words for the uploader. */
export class ImageProblem extends Error {}

/**
 * One thumbnail at a time in the whole process: decoding a large image takes hundreds of
 * megabytes, and two cores; uploads wait their turn rather than multiply that.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}
sharp.concurrency(1);
sharp.cache(false);

/**
 * A 200×200 WebP thumbnail of the raster image at `path`: `cover` fills the square (a face for
 * an avatar), `inside` keeps the whole image within it (a signature, a scan). EXIF orientation is
 * applied, the first frame of an animation taken, transparency kept. Throws ImageProblem when the
 * bytes are not a readable image or are too many pixels.
 */
export async function makeThumbnail(path: string, fit: 'cover' | 'inside'): Promise<Buffer> {
  return oneAtATime(async () => {
    let width: number | undefined;
    let height: number | undefined;
    try {
      ({ width, height } = await sharp(path, { limitInputPixels: false }).metadata());
    } catch (error) {
      throw new ImageProblem(`it cannot be read as an image (${messageOf(error)})`);
    }
    if (!width || !height) throw new ImageProblem('it has no width or height');
    if (width * height > MAX_IMAGE_PIXELS)
      throw new ImageProblem(
        `it is ${width}×${height} pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
      );
    try {
      return await sharp(path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, {
          fit,
          position: fit === 'cover' ? 'attention' : 'centre',
          withoutEnlargement: fit === 'inside',
        })
        .webp({ quality: 82 })
        .timeout({ seconds: TIMEOUT_SECONDS })
        .toBuffer();
    } catch (error) {
      throw new ImageProblem(`it cannot be read as an image (${messageOf(error)})`);
    }
  });
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200) ?? 'unknown';
