import { useEffect, useRef } from "react";
import { mediaPath, widthsFor, type MediaImage } from "../../../domain/media";

interface ZoomDialogProps {
  id: string;
  /** The photo to show large; null keeps the dialog closed (and its big image unloaded). */
  image: MediaImage | null;
  onClose(): void;
}

/**
 * One photo large, in a native modal <dialog>: the browser keeps focus inside and closes it on Escape; onClose hands
 * focus back to the button that opened it. The widest rendition is fetched only when the dialog opens.
 */
export function ZoomDialog({ id, image, onClose }: ZoomDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (image && !d.open) d.showModal();
    if (!image && d.open) d.close();
  }, [image]);
  const widest = image ? widthsFor(image.width).at(-1)! : 0;
  return (
    <dialog ref={dialog} id={id} className="gallery__dialog" aria-label={image ? `Enlarged photo: ${image.alt}` : "Enlarged photo"} onClose={onClose}>
      {image && (
        <>
          <picture>
            <source type="image/avif" srcSet={mediaPath(image.hash, widest, "avif")} />
            <img
              className="gallery__dialog-photo"
              src={mediaPath(image.hash, widest, "webp")}
              alt={image.alt}
              width={image.width}
              height={image.height}
              style={{ backgroundImage: `url(${image.placeholder})`, backgroundSize: "cover" }}
            />
          </picture>
          <form method="dialog">
            <button type="submit" className="gallery__close" autoFocus>
              Close
            </button>
          </form>
        </>
      )}
    </dialog>
  );
}
