import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { BlockImage } from "../../../../domain/blocks";
import { mediaPath, widthsFor, type MediaHash } from "../../../../domain/media";
import { blockImageOf, libraryImageOf } from "../../../../domain/media-blocks";
import { ACCEPTED_TYPES, ALT_MAX, ALT_RULE } from "../../../../domain/media-upload";

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
 * A block's image, picked from the media library (docs/decisions/0067-media-library.md) or uploaded into it from
 * here. The block keeps SPEC.md's shape ({url, secure_url, width, height}); the server puts the library's own URL
 * and size in on save, so what the browser sends is only which image.
 */
export function ImagePicker({
  label,
  images,
  library,
  onChoose,
  onUploaded,
}: {
  label: string;
  images: BlockImage[];
  library: PickableImage[];
  /** The chosen image and the library's description of it (for the block's alt text). */
  onChoose: (images: BlockImage[], alt: string) => void;
  onUploaded: (image: PickableImage) => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<{ ok: boolean; words: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const current = images[0];
  const hash = current ? libraryImageOf(current)?.hash : undefined;
  const src = current ? (hash ? thumb(hash, current.width) : (current.secure_url ?? current.url)) : null;

  const choose = (item: PickableImage) => {
    onChoose([blockImageOf({ ...item, hash: item.hash as MediaHash })], item.alt);
    dialog.current?.close();
    opener.current?.focus();
  };

  // No form of its own: the picker sits in the editor's form (in React's tree), whose submit it must not start.
  const upload = async () => {
    const file = fileInput.current?.files?.[0];
    const alt = altInput.current?.value.trim() ?? "";
    if (!file) return setStatus({ ok: false, words: "Choose an image file first." });
    if (!alt) return setStatus({ ok: false, words: ALT_RULE });
    const form = new FormData();
    form.append("file", file);
    form.append("alt", alt);
    setBusy(true);
    setStatus({ ok: true, words: "Uploading…" });
    try {
      const res = await fetch("/api/console/media", { method: "POST", body: form, credentials: "same-origin" });
      const body = (await res.json()) as { files?: { ok: boolean; message?: string; image?: PickableImage & { hash: string } }[]; message?: string };
      const outcome = body.files?.[0];
      if (!res.ok || !outcome?.ok || !outcome.image) return setStatus({ ok: false, words: outcome?.message ?? body.message ?? "The upload was refused." });
      const item: PickableImage = { hash: outcome.image.hash, filename: file.name, width: outcome.image.width, height: outcome.image.height, alt: outcome.image.alt };
      onUploaded(item);
      setStatus({ ok: true, words: `Uploaded ${file.name}.` });
      choose(item);
    } catch {
      setStatus({ ok: false, words: "The upload did not reach the shop. Check the connection and try again." });
    } finally {
      setBusy(false);
    }
  };

  const picker = (
      <dialog ref={dialog} className="cc-picker" aria-labelledby={`${id}-picker`}>
        <h3 id={`${id}-picker`}>Choose an image for: {label}</h3>
        <div className="cc-upload" role="group" aria-labelledby={`${id}-upload`}>
          <h4 id={`${id}-upload`}>Upload a new image</h4>
          <div className="c-field">
            <label htmlFor={`${id}-file`}>Image file</label>
            <input id={`${id}-file`} ref={fileInput} type="file" accept={ACCEPTED_TYPES.join(",")} />
          </div>
          <div className="c-field">
            <label htmlFor={`${id}-alt`}>Its description (alt text)</label>
            <input id={`${id}-alt`} ref={altInput} type="text" maxLength={ALT_MAX} aria-describedby={`${id}-alt-hint`} />
            <span id={`${id}-alt-hint`} className="c-hint">
              {ALT_RULE}
            </span>
          </div>
          <button type="button" className="c-button" disabled={busy} onClick={() => void upload()}>
            Upload and use
          </button>
          <p role="status" className={status ? (status.ok ? "c-hint" : "c-error") : undefined}>
            {status?.words}
          </p>
        </div>
        <h4>Or pick from the library</h4>
        {library.length === 0 ? <p>The library is empty: upload an image above.</p> : null}
        <ul className="cc-picker-grid">
          {library.map((l) => (
            <li key={l.hash}>
              <button type="button" onClick={() => choose(l)} aria-pressed={l.hash === hash}>
                <img src={thumb(l.hash, l.width)} alt="" width={160} height={Math.round((160 * l.height) / l.width)} loading="lazy" />
                <span>{l.alt}</span>
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="c-button c-button-quiet" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </dialog>
  );

  return (
    <div className="c-field cc-image">
      <span className="cc-label" id={`${id}-label`}>
        {label}
      </span>
      {src ? (
        <div className="cc-image-current">
          <img src={src} alt="" width={96} height={72} />
          <span className="c-hint">{hash ? (library.find((l) => l.hash === hash)?.filename ?? "A library image") : "An image from the content file"}</span>
        </div>
      ) : (
        <span className="c-hint">No image yet.</span>
      )}
      <div className="c-form-row">
        <button type="button" ref={opener} className="c-button c-button-quiet" aria-describedby={`${id}-label`} onClick={() => dialog.current?.showModal()}>
          {src ? "Change image" : "Choose image"}
        </button>
        {src ? (
          <button type="button" className="c-button c-button-quiet" aria-describedby={`${id}-label`} onClick={() => onChoose([], "")}>
            Remove image
          </button>
        ) : null}
      </div>
      {hydrated ? createPortal(picker, document.body) : null}
    </div>
  );
}
