import type sharpModule from 'sharp';

export type { Metadata, Sharp } from 'sharp';

/**
 * sharp (libvips), required on the first picture rather than at start: most processes never handle one,
 * and loading it costs every start about 20 MB.
 */
export function sharp(...args: Parameters<typeof sharpModule>): sharpModule.Sharp {
  return (require('sharp') as typeof sharpModule)(...args);
}
