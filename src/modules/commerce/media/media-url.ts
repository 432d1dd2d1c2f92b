/**
 * Widths (px) the pages show images at: 320 product cards and cart thumbnails, 640 the product page
 * and category covers, 1280 banners and sliders on a laptop, 1920 on a large screen. An upload gets a
 * WebP variant at each width smaller than the original; larger requests get the largest that exists.
 */
export const IMAGE_WIDTHS = [320, 640, 1280, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The public address of a stored file, or of its variant at `width`. */
export function mediaUrl(fileId: number, width?: ImageWidth): string {
  return width ? `/api/media/${fileId}?w=${width}` : `/api/media/${fileId}`;
}

/** The address of a file when there is one: `cover`, `image` fields of the API. */
export const optionalMediaUrl = (fileId: number | null | undefined, width?: ImageWidth): string | null => (fileId ? mediaUrl(fileId, width) : null);

/** The widths an image of `width` px has variants at (see `inspectUpload`). */
export const variantWidths = (width: number | null): ImageWidth[] => (width === null ? [] : IMAGE_WIDTHS.filter((w, i) => i === 0 || w < width));

/** What Prisma selects of a file to describe it as an image reference. */
export const IMAGE_REF_SELECT = { id: true, width: true } as const;

/** A picture's id and addresses, from its file row (null: no picture). */
export function imageRef(file: { id: number; width: number | null } | null | undefined): { id: number; url: string; urls: Partial<Record<ImageWidth, string>> } | null {
  if (!file) return null;
  return { id: file.id, url: mediaUrl(file.id), urls: Object.fromEntries(variantWidths(file.width).map((w) => [w, mediaUrl(file.id, w)])) };
}

/** The storage key of an image's variant at `width`. */
export const variantKey = (storageKey: string, width: ImageWidth): string => `${storageKey}@${width}.webp`;
