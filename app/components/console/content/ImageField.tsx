import { useEffect, useRef, useState } from "react";
import type { BlockImage } from "../../../../domain/blocks";
import { mediaPath, widthsFor, type MediaHash } from "../../../../domain/media";
import { libraryImageOf } from "../../../../domain/media-blocks";

/** A library image the picker offers (the console's media list). */
export interface PickableImage {
  hash: string;
  filename: string;
  width: number;
  height: number;
  alt: string;
}

const thumb = (hash: string, width: number) => mediaPath(hash as MediaHash, widthsFor(width)[0] ?? width, "webp");

/**
 * A block's image field (docs/decisions/0067-media-library.md): the current image, and the library image to put in
 * its place. Before the script runs it is a plain select of the library's images; once it runs, "Choose from library"
 * opens a dialog of thumbnails, and choosing one also fills the block's alt text from the library's.
 */
export function ImageField({ name, label, image, value, error, library }: { name: string; label: string; image: BlockImage | null; value: string; error?: string; library: PickableImage[] }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [chosen, setChosen] = useState(value);
  const select = useRef<HTMLSelectElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const id = `cc-${name.replace(/\./g, "-")}`;
  const picked = library.find((l) => l.hash === chosen);
  const current = image ? libraryImageOf(image) : null;
  const shown = picked ? { src: thumb(picked.hash, picked.width), words: `Chosen: ${picked.filename}` } : image ? { src: current ? thumb(current.hash, image.width) : (image.secure_url ?? image.url), words: "Current image" } : null;

  const choose = (item: PickableImage) => {
    setChosen(item.hash);
    const field = select.current;
    if (field) {
      field.value = item.hash;
      // The block's alt text comes with the image (editable afterwards); the live preview hears both changes.
      const alt = field.form?.elements.namedItem(name.replace(/\.image$/, ".altText"));
      if (alt instanceof HTMLInputElement || alt instanceof HTMLTextAreaElement) {
        alt.value = item.alt;
        alt.dispatchEvent(new Event("input", { bubbles: true }));
      }
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    dialog.current?.close();
    opener.current?.focus();
  };

  return (
    <div className="c-field cc-image">
      <label htmlFor={id}>{label}</label>
      {shown ? (
        <div className="cc-image-current">
          <img src={shown.src} alt="" width={96} height={72} />
          <span className="c-hint">{shown.words}</span>
        </div>
      ) : (
        <span className="c-hint">No image yet.</span>
      )}
      <select id={id} name={name} ref={select} defaultValue={value} onChange={(e) => setChosen(e.currentTarget.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">Keep the current image</option>
        {library.map((l) => (
          <option key={l.hash} value={l.hash}>
            {l.filename}: {l.alt}
          </option>
        ))}
      </select>
      {hydrated ? (
        <button type="button" ref={opener} className="c-button c-button-quiet" onClick={() => dialog.current?.showModal()}>
          Choose from library
        </button>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="c-error">
          {error}
        </span>
      ) : null}
      {hydrated ? (
        <dialog ref={dialog} className="cc-picker" aria-labelledby={`${id}-picker`}>
          <h3 id={`${id}-picker`}>Choose an image for: {label}</h3>
          {library.length === 0 ? <p>The library is empty. Upload images on the Media page first.</p> : null}
          <ul className="cc-picker-grid">
            {library.map((l) => (
              <li key={l.hash}>
                <button type="button" onClick={() => choose(l)} aria-pressed={l.hash === chosen}>
                  <img src={thumb(l.hash, l.width)} alt="" width={160} height={Math.round((160 * l.height) / l.width)} loading="lazy" />
                  <span>{l.alt}</span>
                </button>
              </li>
            ))}
          </ul>
          <form method="dialog">
            <button type="submit" className="c-button">
              Close
            </button>
          </form>
        </dialog>
      ) : null}
    </div>
  );
}
