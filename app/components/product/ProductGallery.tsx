import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { MediaImage } from "../../../domain/media";
import { Picture } from "../ui/Picture";
import { ZoomDialog } from "./ZoomDialog";

/** How wide the main photo is drawn: the page's full width on a phone, half the 1440 layout beside the plans. */
export const GALLERY_SIZES = "(min-width: 1440px) 620px, (min-width: 960px) 45vw, calc(100vw - 60px)";
const THUMB_SIZES = "80px";

interface ProductGalleryProps {
  images: readonly MediaImage[];
  /** The product's name, for the region's label ("Photos of DS-01® Daily Synbiotic"). */
  productName: string;
}

/**
 * The product's photos (docs/decisions/0069): one horizontal scroll-snap strip, so a phone swipes it with CSS alone
 * and it still scrolls before JavaScript. Below it, thumbnails on a wide screen and dots on a phone: buttons that
 * scroll the strip (arrow keys move between them). Each photo has a zoom button that opens the widest rendition in a
 * native dialog. The box keeps a square aspect ratio, so nothing shifts as photos load. The first photo is the
 * page's largest paint: loaded at high priority and preloaded.
 */
export function ProductGallery({ images, productName }: ProductGalleryProps) {
  const id = useId();
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const heading = useRef<number | null>(null);
  useCurrentSlide(strip, heading, setCurrent);
  if (images.length === 0) return null;

  const show = (index: number) => {
    const slide = strip.current?.children[index] as HTMLElement | undefined;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    heading.current = index;
    if (slide && strip.current) strip.current.scrollTo({ left: slide.offsetLeft, behavior: reduce ? "instant" : "smooth" });
    setCurrent(index);
  };
  const label = (i: number) => `Photo ${i + 1} of ${images.length}: ${images[i]!.alt}`;

  return (
    <section className="gallery" aria-label={`Photos of ${productName}`}>
      <div className="gallery__strip" ref={strip}>
        {images.map((image, i) => (
          <div key={image.hash} className="gallery__slide" role="group" aria-roledescription="slide" aria-label={label(i)}>
            <Picture image={image} sizes={GALLERY_SIZES} priority={i === 0} className="gallery__photo" />
            <button
              type="button"
              className="gallery__zoom"
              aria-label={`Enlarge photo ${i + 1}`}
              aria-haspopup="dialog"
              // One tab stop in the strip: the photo in view (the others are a thumbnail, dot or swipe away).
              tabIndex={i === current ? 0 : -1}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setZoomed(i);
              }}
            >
              <ZoomIcon />
            </button>
          </div>
        ))}
      </div>
      {images.length > 1 && (
        <>
          <ThumbButtons images={images} current={current} onShow={show} label={label} className="gallery__thumbs" thumbs />
          <ThumbButtons images={images} current={current} onShow={show} label={label} className="gallery__dots" />
        </>
      )}
      <ZoomDialog id={`${id}-zoom`} image={zoomed === null ? null : images[zoomed]!} onClose={() => {
        setZoomed(null);
        opener.current?.focus();
      }} />
    </section>
  );
}

interface ThumbButtonsProps {
  images: readonly MediaImage[];
  current: number;
  onShow(index: number): void;
  label(index: number): string;
  className: string;
  /** Small photos (a wide screen) rather than dots (a phone). */
  thumbs?: boolean;
}

/** Buttons that choose a photo: one tab stop, arrows (and Home, End) move between them and show the photo. */
function ThumbButtons({ images, current, onShow, label, className, thumbs = false }: ThumbButtonsProps) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = images.length - 1;
    // From the focused button, not `current`: while a smooth scroll runs, the scroll moves `current` through the
    // photos in between, and a quick second key press would start from one of those.
    const buttons = Array.from(list.current?.children ?? []);
    const from = Math.max(0, buttons.indexOf(event.target as Element));
    const next = { ArrowRight: from + 1, ArrowDown: from + 1, ArrowLeft: from - 1, ArrowUp: from - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + images.length) % images.length;
    onShow(index);
    (list.current?.children[index] as HTMLElement | undefined)?.focus();
  };
  return (
    <div ref={list} className={className} role="group" aria-label="Choose a photo" onKeyDown={onKeyDown}>
      {images.map((image, i) => (
        <button
          key={image.hash}
          type="button"
          className={thumbs ? "gallery__thumb" : "gallery__dot"}
          aria-label={`Show ${label(i).charAt(0).toLowerCase()}${label(i).slice(1)}`}
          aria-current={i === current ? "true" : undefined}
          tabIndex={i === current ? 0 : -1}
          onClick={() => onShow(i)}
        >
          {thumbs && <Picture image={image} sizes={THUMB_SIZES} alt="" className="gallery__thumb-photo" />}
        </button>
      ))}
    </div>
  );
}

/**
 * Follows the swipe: the slide the strip has scrolled to is the current one (thumbnails and dots mark it). While a
 * chosen photo scrolls into view (`heading`), the photos passed on the way are not made current: the tab stop and
 * the marked thumbnail stay on the chosen one.
 */
function useCurrentSlide(strip: React.RefObject<HTMLDivElement | null>, heading: React.RefObject<number | null>, setCurrent: (i: number) => void) {
  useEffect(() => {
    const root = strip.current;
    if (!root) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (root.clientWidth === 0) return;
        const shown = Math.round(root.scrollLeft / root.clientWidth);
        if (heading.current !== null && heading.current !== shown) return;
        setCurrent(shown);
      });
    };
    // A scroll that ends short of the chosen photo (a swipe took over) lets the swipe decide again.
    const onScrollEnd = () => {
      heading.current = null;
      onScroll();
    };
    root.addEventListener("scroll", onScroll, { passive: true });
    root.addEventListener("scrollend", onScrollEnd, { passive: true });
    return () => {
      root.removeEventListener("scroll", onScroll);
      root.removeEventListener("scrollend", onScrollEnd);
      cancelAnimationFrame(frame);
    };
  }, [strip, heading, setCurrent]);
}

function ZoomIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15.5 15.5 21 21M10.5 7.5v6M7.5 10.5h6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
