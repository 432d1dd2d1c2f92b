import type { ImageRef } from '@contracts';

/**
 * A stored picture at the width the layout needs: the browser picks from the WebP variants by
 * `sizes`, so a phone never downloads the laptop's banner.
 */
export function ResponsiveImage({ image, sizes, alt, className, eager = false }: { image: ImageRef; sizes: string; alt: string; className?: string; eager?: boolean }) {
  const variants = Object.entries(image.urls).map(([width, url]) => `${url} ${width}w`);
  const smallest = Object.values(image.urls)[0] ?? image.url;
  return <img src={smallest} srcSet={variants.join(', ')} sizes={sizes} alt={alt} className={className} loading={eager ? 'eager' : 'lazy'} decoding="async" />;
}
