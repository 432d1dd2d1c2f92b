import { fileTypeFromBuffer } from 'file-type';
import { sharp, type Sharp } from '../../../../platform/images/sharp';
import { IMAGE_WIDTHS, type ImageWidth } from '../media-url';
import { UnreadableImageError, UnsupportedFileTypeError } from '../media.errors';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
/** Larger pictures are refused: decoding one would take hundreds of MB. */
const MAX_PIXELS = 40_000_000;

export interface InspectedUpload {
  mimeType: string;
  extension: string;
  width: number;
  height: number;
  /**
   * The picture as stored and served: the upload re-encoded in its own format, upright, without its
   * metadata (EXIF, GPS, XMP, IPTC: where and with what a photo was taken is nobody's business).
   */
  original: Buffer;
  /** WebP renditions at the widths the pages use. */
  variants: { width: ImageWidth; body: Buffer }[];
}

/** Re-encodes in the detected format; sharp writes no metadata unless asked to. */
function reencoded(image: Sharp, mime: string): Promise<Buffer> {
  switch (mime) {
    case 'image/jpeg':
      return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    case 'image/png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'image/webp':
      return image.webp({ quality: 90 }).toBuffer();
    case 'image/avif':
      return image.avif({ quality: 70 }).toBuffer();
    default:
      return image.gif().toBuffer();
  }
}

/**
 * Decides what an upload is from its bytes (never from its name or declared type), and renders an
 * image at every page width smaller than itself (and at the smallest, whatever its size), so no
 * page ever downloads more than it shows.
 */
export async function inspectUpload(bytes: Buffer, claimed: { name: string; mimeType: string }): Promise<InspectedUpload> {
  const detected = await fileTypeFromBuffer(bytes);
  const claimedImage = claimed.mimeType.startsWith('image/') || /\.(jpe?g|png|webp|gif|avif|svg|bmp|tiff?)$/i.test(claimed.name);
  // Only pictures are uploaded (banners, sliders, covers): every other kind is refused.
  if (!detected || !IMAGE_TYPES.has(detected.mime)) throw new UnsupportedFileTypeError(claimedImage);
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false });
    const meta = await image.metadata();
    // EXIF orientation 5-8 swaps the sides the page shows.
    const rotated = (meta.orientation ?? 1) >= 5;
    const width = (rotated ? meta.height : meta.width) ?? 0;
    const height = (rotated ? meta.width : meta.height) ?? 0;
    const widths = IMAGE_WIDTHS.filter((w, i) => i === 0 || w < width);
    const variants = await Promise.all(
      widths.map(async (w) => ({
        width: w,
        body: await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false }).rotate().resize({ width: w, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    const original = await reencoded(sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: detected.mime === 'image/gif' }).rotate(), detected.mime);
    return { mimeType: detected.mime, extension: detected.ext, width, height, original, variants };
  } catch {
    throw new UnreadableImageError();
  }
}
