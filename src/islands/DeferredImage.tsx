import type { ImgHTMLAttributes, ReactElement } from 'react';
import type { ImageCopy } from '@shared/uploads/upload';
import { avifSrcSet, imageSrcSet, withAvifSource } from '../lib/image-srcset';

/**
 * 'first': the page's largest paint, fetched at once and first. 'eager': above the fold. 'lazy': in the HTML with the
 * browser's lazy loading. 'deferred': no address yet, so nothing is fetched at load (Chromium's lazy
 * loading still fetches everything within ~1,250 px of the screen, sideways slides included); the
 * island renders it again as 'lazy' when it is about to be shown.
 */
export type ImageLoad = 'first' | 'eager' | 'lazy' | 'deferred';

interface DeferredImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'loading' | 'alt'> {
  src: string;
  alt?: string;
  load: ImageLoad;
  /** The file's own width: images the build renders come in narrower copies (srcset) below it, and in AVIF. */
  fullWidth?: number;
  /** An upload's narrower copies, made when it was finalized. */
  copies?: readonly ImageCopy[];
}

/** An image with its AVIF copies offered first, when it has any; `picture` is `display: contents` (global.css). */
function withAvif(img: ReactElement, avif: string | undefined, sizes: string | undefined) {
  if (!avif) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      {img}
    </picture>
  );
}

/**
 * A content image that is only fetched when it is about to be seen. A deferred one keeps its box
 * (width/height, and the caller's CSS) and carries a `<noscript>` copy, so readers without
 * JavaScript and search engines still get the picture.
 */
export function DeferredImage({ src, alt = '', load, fullWidth, copies, sizes, ...rest }: DeferredImageProps) {
  const srcSet = fullWidth ? imageSrcSet(src, fullWidth, copies) : undefined;
  const avif = fullWidth ? avifSrcSet(src, fullWidth, copies) : undefined;
  const sized = srcSet ? { srcSet, sizes } : {};
  if (load === 'deferred') {
    return (
      <>
        <img {...rest} alt={alt} data-deferred-src={src} />
        <noscript>{withAvif(<img {...rest} {...sized} src={src} alt={alt} loading="lazy" />, avif, sizes)}</noscript>
      </>
    );
  }
  const priority = load === 'first' ? ({ fetchPriority: 'high', loading: 'eager' } as const) : ({ loading: load } as const);
  return withAvif(<img {...rest} {...sized} {...priority} src={src} alt={alt} decoding="async" />, avif, sizes);
}

/**
 * Gives the deferred images inside `root` their address, as a 'lazy' render would: for cards an
 * island received as static HTML (its children), which React does not render again. The srcset
 * and the AVIF source come from the image's `<noscript>` copy (text while scripts run), not from
 * more attributes on every deferred image. One that fails to load shows `fallbackSrc`, as the
 * card's own error handler would.
 */
export function revealDeferredImages(root: ParentNode | null, fallbackSrc: string): void {
  for (const img of root?.querySelectorAll<HTMLImageElement>('img[data-deferred-src]') ?? []) {
    img.addEventListener(
      'error',
      () => {
        img.removeAttribute('srcset');
        if (img.parentElement?.tagName === 'PICTURE') img.parentElement.querySelector('source')?.remove();
        img.src = fallbackSrc;
      },
      { once: true },
    );
    const copy = img.nextElementSibling?.tagName === 'NOSCRIPT' ? new DOMParser().parseFromString(img.nextElementSibling.textContent ?? '', 'text/html').querySelector('img') : null;
    const avifSource = copy?.parentElement?.tagName === 'PICTURE' ? copy.parentElement.querySelector('source') : null;
    if (avifSource) withAvifSource(img, avifSource.srcset, avifSource.sizes);
    img.loading = 'lazy';
    img.decoding = 'async';
    if (copy?.srcset) {
      img.srcset = copy.srcset;
      img.sizes = copy.sizes;
    }
    img.src = img.dataset.deferredSrc!;
    delete img.dataset.deferredSrc;
  }
}
