import { createContext, useContext, type ReactNode } from "react";
import type { MediaImage } from "../../../domain/media";
import { Picture } from "../ui/Picture";

/** Each product's first gallery photo by product code (server: productPhotos, ADR 0069); empty where none is known. */
export type ProductPhotoMap = Readonly<Record<string, MediaImage>>;

const PhotosContext = createContext<ProductPhotoMap>({});

/** Hands the photos a loader read to every ProductThumb below (cart lines, summaries, portal cards). */
export function ProductPhotos({ photos, children }: { photos: ProductPhotoMap | undefined; children: ReactNode }) {
  return <PhotosContext.Provider value={photos ?? {}}>{children}</PhotosContext.Provider>;
}

interface ProductThumbProps {
  productCode: string;
  /** The flat pack drawing (/products/*.svg) shown when the product has no photo yet; null shows nothing then. */
  fallback: string | null;
  /** Drawn size in CSS pixels: also the `sizes` value, so the browser fetches the smallest rendition that is sharp. */
  size: number;
  className?: string;
}

/**
 * A product's small picture: its first photo (AVIF or WebP, a small rendition), or its pack drawing where it has no
 * gallery. Decorative beside the product's name, so its alt is empty.
 */
export function ProductThumb({ productCode, fallback, size, className }: ProductThumbProps) {
  const photo = useContext(PhotosContext)[productCode];
  if (!photo) return fallback ? <img className={className} src={fallback} alt="" width={size} height={size} /> : null;
  return (
    <span className={`product-thumb ${className ?? ""}`}>
      <Picture image={photo} sizes={`${size}px`} alt="" className="product-thumb__photo" />
    </span>
  );
}
