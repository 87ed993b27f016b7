import { Form } from "react-router";
import { ALT_MAX, formatBytes } from "../../../../domain/media-upload";
import type { MediaHash } from "../../../../domain/media";
import { Picture } from "../../ui/Picture";
import { When } from "../ui";

export interface LibraryItem {
  hash: string;
  filename: string;
  mime: string;
  width: number;
  height: number;
  byteSize: number;
  alt: string;
  placeholder: string;
  source: string;
  createdAt: string;
}

const TYPE_NAMES: Record<string, string> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "image/avif": "AVIF",
  "image/gif": "GIF",
};

/** The library's images, newest first, each with its alt text (editable where the role may) and what it is. */
export function MediaGrid({ items, mayEdit }: { items: LibraryItem[]; mayEdit: boolean }) {
  if (items.length === 0) return <p>The library is empty. Upload the first images above; pages pick their pictures from here.</p>;
  return (
    <ul className="c-media-grid" aria-label="Images in the library">
      {items.map((item) => (
        <li key={item.hash} className="c-media-card">
          <div className="c-media-frame">
            <Picture image={{ ...item, hash: item.hash as MediaHash }} sizes="(min-width: 72rem) 16rem, (min-width: 40rem) 30vw, 45vw" />
          </div>
          <div className="c-media-body">
            <p className="c-media-facts">
              {item.filename} · {item.width} × {item.height} · {TYPE_NAMES[item.mime] ?? item.mime} · {formatBytes(item.byteSize)}
              {item.source !== "upload" ? ` · from ${item.source === "seed" ? "the seed" : "a review"}` : ""} · <When iso={item.createdAt} />
            </p>
            {mayEdit ? <AltForm item={item} /> : <p className="c-media-alt">{item.alt}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The alt text, changed with a plain form (works before the page's script loads). */
function AltForm({ item }: { item: LibraryItem }) {
  const id = `alt-${item.hash.slice(0, 12)}`;
  return (
    <Form method="post" className="c-form">
      <input type="hidden" name="intent" value="alt" />
      <input type="hidden" name="hash" value={item.hash} />
      <label htmlFor={id} className="c-field">
        Alt text of {item.filename}
      </label>
      <textarea id={id} name="alt" defaultValue={item.alt} required maxLength={ALT_MAX} rows={3} />
      <button type="submit" className="c-button c-button-quiet" aria-label={`Save the alt text of ${item.filename}`}>
        Save alt text
      </button>
    </Form>
  );
}
