import { useEffect, useRef, useState, type DragEvent, type FormEvent } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { ACCEPTED_TYPES, ALT_MAX, ALT_RULE, cleanAlt, formatBytes, MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from "../../../../domain/media-upload";

/** What became of one file, as the server answered (server/http/console/media-service.ts). */
export type UploadResult = { filename: string; ok: true; duplicate: boolean } | { filename: string; ok: false; message: string };
export type UploadAnswer = { kind: "upload"; files: UploadResult[] } | { ok: false; error: string } | { ok: true; message: string };

interface PendingFile {
  id: string;
  file: File;
  alt: string;
  preview: string;
  /** Why this file cannot go (checked here) or did not go (the server's answer). */
  problem: string | null;
}

const FILE_INPUT = "media-files";
let nextId = 0;

/** The browser's first look at a file; the server decides from the bytes. */
function problemOf(file: File): string | null {
  if (file.size > MAX_IMAGE_BYTES) return `${formatBytes(file.size)} is over the 15 MB limit. Export it smaller first.`;
  if (file.type && !(ACCEPTED_TYPES as readonly string[]).includes(file.type)) return "This is not a JPEG, PNG, WebP, AVIF or GIF image.";
  return null;
}

/**
 * Upload images with their alt text. Before the script loads it is a plain form (a file input taking several files,
 * one alt text for them); once it runs, files can also be dropped on the box, each gets its own preview and alt
 * text field, and each file's outcome is shown beside it.
 */
export function UploadForm({ answer }: { answer: UploadAnswer | undefined }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const fetcher = useFetcher<UploadAnswer>();
  const navigation = useNavigation();
  const [items, setItems] = useState<PendingFile[]>([]);
  const [over, setOver] = useState(false);
  const [tried, setTried] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const sent = useRef<string[]>([]);
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle" || navigation.state === "submitting";

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = [...files].map((file) => ({
      id: `file-${(nextId += 1)}`,
      file,
      alt: "",
      preview: URL.createObjectURL(file),
      problem: problemOf(file),
    }));
    setItems((now) => [...now, ...chosen]);
    setNotice(`${chosen.length} ${chosen.length === 1 ? "file" : "files"} added. Describe each one below.`);
  };
  const remove = (id: string) =>
    setItems((now) => {
      const gone = now.find((i) => i.id === id);
      if (gone) URL.revokeObjectURL(gone.preview);
      return now.filter((i) => i.id !== id);
    });

  // The server's answer: stored files leave the list, refused ones stay with the reason.
  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    if ("kind" in data) {
      const outcome = new Map(sent.current.map((id, i) => [id, data.files[i]]));
      setItems((now) =>
        now.flatMap((item) => {
          const result = outcome.get(item.id);
          if (!result) return [item];
          if (result.ok) {
            URL.revokeObjectURL(item.preview);
            return [];
          }
          return [{ ...item, problem: result.message }];
        }),
      );
      const stored = data.files.filter((f) => f.ok).length;
      const refused = data.files.length - stored;
      setNotice(
        `${stored} ${stored === 1 ? "image" : "images"} stored in the library${refused ? `; ${refused} refused, see the reasons beside ${refused === 1 ? "it" : "them"}` : ""}.`,
      );
      setTried(false);
    } else if (!data.ok) setNotice(data.error);
  }, [fetcher.data]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    setTried(true);
    if (items.length === 0) return setNotice("Choose at least one image, or drop it on the box.");
    if (items.length > MAX_FILES_PER_UPLOAD)
      return setNotice(`Upload at most ${MAX_FILES_PER_UPLOAD} images at a time; remove ${items.length - MAX_FILES_PER_UPLOAD}.`);
    const firstBad = items.find((i) => !cleanAlt(i.alt) || (i.problem !== null && problemOf(i.file) !== null));
    if (firstBad) {
      setNotice("Some files need attention before uploading: see the messages beside them.");
      document.getElementById(`alt-${firstBad.id}`)?.focus();
      return;
    }
    const data = new FormData();
    for (const item of items) {
      data.append("file", item.file, item.file.name);
      data.append("alt", item.alt);
    }
    sent.current = items.map((i) => i.id);
    setNotice(`Uploading ${items.length} ${items.length === 1 ? "image" : "images"}…`);
    fetcher.submit(data, { method: "post", encType: "multipart/form-data" });
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  };

  const FormTag = hydrated ? fetcher.Form : Form;
  return (
    <section aria-labelledby="upload-heading" className="c-card" data-upload-ready={hydrated || undefined}>
      <h2 id="upload-heading">Upload images</h2>
      <p className="c-hint">
        JPEG, PNG, WebP, AVIF or GIF (its first frame), up to 15 MB and 50 megapixels each, {MAX_FILES_PER_UPLOAD} at a time. Every image needs alt text.{" "}
        {ALT_RULE}
      </p>
      <FormTag ref={form} method="post" encType="multipart/form-data" className="c-form" onSubmit={submit} noValidate={hydrated}>
        <div
          className="c-drop"
          data-over={over}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
        >
          <label htmlFor={FILE_INPUT} className="c-field">
            Images
          </label>
          <span id={`${FILE_INPUT}-hint`} className="c-hint">
            {hydrated ? "Choose files, or drop them on this box." : "Choose one or more files."}
          </span>
          <input
            id={FILE_INPUT}
            aria-describedby={`${FILE_INPUT}-hint`}
            type="file"
            name={hydrated ? undefined : "file"}
            multiple
            required={!hydrated}
            accept={ACCEPTED_TYPES.join(",")}
            onChange={(e) => {
              if (!hydrated) return;
              add(e.currentTarget.files);
              e.currentTarget.value = "";
            }}
          />
          {hydrated ? (
            <PendingList
              items={items}
              tried={tried}
              onAlt={(id, alt) => setItems((now) => now.map((i) => (i.id === id ? { ...i, alt } : i)))}
              onRemove={remove}
            />
          ) : (
            <label className="c-field">
              Alt text for these images
              <input name="alt" required maxLength={ALT_MAX} />
              <span className="c-hint">Describes each image of this upload; give each its own words in the library below afterwards.</span>
            </label>
          )}
        </div>
        <div className="c-form-row">
          <button type="submit" className="c-button" disabled={busy}>
            {busy ? "Uploading…" : hydrated && items.length > 0 ? `Upload ${items.length} ${items.length === 1 ? "image" : "images"}` : "Upload"}
          </button>
        </div>
      </FormTag>
      <p role="status" aria-live="polite" className="c-hint">
        {notice}
      </p>
      {!hydrated || !fetcher.data ? <Results answer={answer} /> : null}
    </section>
  );
}

function PendingList({
  items,
  tried,
  onAlt,
  onRemove,
}: {
  items: PendingFile[];
  tried: boolean;
  onAlt: (id: string, alt: string) => void;
  onRemove: (id: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="c-upload-list" aria-label="Files to upload">
      {items.map((item) => {
        const altMissing = tried && !cleanAlt(item.alt);
        const errorId = `problem-${item.id}`;
        const message = item.problem ?? (altMissing ? ALT_RULE : null);
        return (
          <li key={item.id} className="c-upload-item">
            <img src={item.preview} alt="" width={72} height={72} />
            <div>
              <p className="c-upload-name">
                {item.file.name} <span className="c-hint">({formatBytes(item.file.size)})</span>
              </p>
              <div className="c-field">
                <label htmlFor={`alt-${item.id}`}>Alt text for {item.file.name}</label>
                <input
                  id={`alt-${item.id}`}
                  value={item.alt}
                  maxLength={ALT_MAX}
                  required
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? errorId : undefined}
                  onChange={(e) => onAlt(item.id, e.currentTarget.value)}
                />
              </div>
              {message ? (
                <p id={errorId} className="c-error">
                  {message}
                </p>
              ) : null}
            </div>
            <button type="button" className="c-link-button" onClick={() => onRemove(item.id)} aria-label={`Remove ${item.file.name}`}>
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The outcome of a plain form's upload (before the script ran), file by file. */
function Results({ answer }: { answer: UploadAnswer | undefined }) {
  if (!answer) return null;
  if (!("kind" in answer)) return null;
  return (
    <ul className="c-upload-results" aria-label="Upload results">
      {answer.files.map((f, i) => (
        <li key={`${f.filename}-${i}`} className={f.ok ? "c-ok" : "c-error"}>
          {f.filename}: {f.ok ? (f.duplicate ? "already in the library." : "stored.") : f.message}
        </li>
      ))}
    </ul>
  );
}
