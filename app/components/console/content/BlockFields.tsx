import { useId, type ReactNode } from "react";
import type { BlockImage, BlockType } from "../../../../domain/blocks";
import type { PickableImage } from "./ImagePicker";
import { ImagePicker } from "./ImagePicker";
import { RichTextField } from "./RichTextField";

/** A block as the editor holds it: plain JSON the block schema checks on the server. */
export type DraftBlock = Record<string, unknown> & { type: BlockType };

export interface FieldContext {
  library: PickableImage[];
  onUploaded: (image: PickableImage) => void;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

function TextInput({ label, value, onChange, hint, required }: { label: string; value: string; onChange: (v: string) => void; hint?: string; required?: boolean }) {
  const id = useId();
  return (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" value={value} required={required} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => onChange(e.currentTarget.value)} />
      {hint ? (
        <span id={`${id}-hint`} className="c-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="c-field cc-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

const RATIOS = ["1:1", "4:3", "3:4", "4:5", "3:2", "16:9", "9:16", "21:9"];
function RatioSelect({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  const options = RATIOS.includes(value) ? RATIOS : [value, ...RATIOS];
  return (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {options.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
    </div>
  );
}

const LINK_HINT = "A path of this shop (/shop), an #anchor, an https:// address or mailto:.";

/** A list of items with add, remove and move (slides, table rows, button parameters). */
export function ItemList<T>({ legend, items, onChange, make, render, addLabel, min = 0, max = 50 }: { legend: string; items: T[]; onChange: (items: T[]) => void; make: () => T; render: (item: T, set: (item: T) => void, index: number) => ReactNode; addLabel: string; min?: number; max?: number }) {
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <fieldset className="cc-items">
      <legend>{legend}</legend>
      <ol>
        {items.map((item, i) => (
          <li key={i} className="cc-item">
            {render(item, (v) => onChange(items.map((old, j) => (j === i ? v : old))), i)}
            <div className="c-form-row cc-item-actions">
              <button type="button" className="c-button c-button-quiet" disabled={i === 0} onClick={() => move(i, i - 1)}>
                Move up<span className="sr-only"> {legend.toLowerCase()} item {i + 1}</span>
              </button>
              <button type="button" className="c-button c-button-quiet" disabled={i === items.length - 1} onClick={() => move(i, i + 1)}>
                Move down<span className="sr-only"> {legend.toLowerCase()} item {i + 1}</span>
              </button>
              <button type="button" className="c-button c-button-quiet" disabled={items.length <= min} onClick={() => onChange(items.filter((_, j) => j !== i))}>
                Remove<span className="sr-only"> {legend.toLowerCase()} item {i + 1}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="c-button c-button-quiet" disabled={items.length >= max} onClick={() => onChange([...items, make()])}>
        {addLabel}
      </button>
    </fieldset>
  );
}

type Slide = Record<string, unknown>;

/** One block's fields as form controls, by type. `children` is a section's own block list. */
export function BlockFields({ block, onChange, context, children }: { block: DraftBlock; onChange: (block: DraftBlock) => void; context: FieldContext; children?: ReactNode }) {
  const set = (key: string, value: unknown) => onChange({ ...block, [key]: value });
  const text = (key: string, label: string, hint?: string, required?: boolean) => <TextInput label={label} value={str(block[key])} onChange={(v) => set(key, v)} hint={hint} required={required} />;
  const rich = (key: string, label: string) => <RichTextField label={label} value={str(block[key])} onChange={(v) => set(key, v)} />;
  const image = (target: Record<string, unknown>, update: (next: Record<string, unknown>) => void, label: string) => (
    <ImagePicker
      label={label}
      images={(target.image as BlockImage[] | undefined) ?? []}
      library={context.library}
      onUploaded={context.onUploaded}
      // The library's description comes with the image, unless one was written already.
      onChoose={(images, alt) => update({ ...target, image: images, altText: str(target.altText) || alt })}
    />
  );
  switch (block.type) {
    case "heading":
      return text("title", "Heading", undefined, true);
    case "paragraph":
      return (
        <>
          {rich("paragraph", "Text")}
          <Checkbox label="Inline (no space after it)" checked={block.inline === true} onChange={(v) => set("inline", v)} />
        </>
      );
    case "small-text":
      return rich("paragraph", "Small print");
    case "accordion":
      return (
        <>
          {text("title", "Question or title", undefined, true)}
          {rich("paragraph", "Text shown when opened")}
        </>
      );
    case "button":
      return (
        <>
          {text("label", "Label", undefined, true)}
          {text("link", "Link", LINK_HINT, true)}
          {text("modal", "Opens popup (its id; leave empty to follow the link)")}
          <ItemList
            legend="Link parameters"
            addLabel="Add a parameter"
            items={Object.entries((block.params as Record<string, string> | undefined) ?? {})}
            onChange={(pairs) => set("params", Object.fromEntries(pairs))}
            make={() => [`param${Object.keys((block.params as object | undefined) ?? {}).length + 1}`, ""] as [string, string]}
            render={([key, value], update) => (
              <div className="c-form-row">
                <TextInput label="Name" value={key} onChange={(k) => update([k, value])} />
                <TextInput label="Value" value={value} onChange={(v) => update([key, v])} />
              </div>
            )}
          />
        </>
      );
    case "poster":
      return (
        <>
          {text("title", "Title (optional)")}
          {image(block, (next) => onChange(next as DraftBlock), "Image")}
          {text("altText", "Image description (alt text)", "What a reader would miss without the picture.")}
          {rich("legend", "Legend (optional)")}
          <Checkbox label="Cover the whole width" checked={block.cover === true} onChange={(v) => set("cover", v)} />
          <div className="c-form-row">
            <RatioSelect label="Shape on phones" value={str(block.mobileAspectRatio) || "1:1"} onChange={(v) => set("mobileAspectRatio", v)} />
            <RatioSelect label="Shape on wide screens" value={str(block.desktopAspectRatio) || "16:9"} onChange={(v) => set("desktopAspectRatio", v)} />
          </div>
          {text("videoId", "Video id (optional, instead of or over the image)")}
        </>
      );
    case "slider":
      return (
        <>
          {text("title", "Title (optional)")}
          <ItemList<Slide>
            legend="Slides"
            addLabel="Add a slide"
            min={1}
            max={12}
            items={(block.slide as Slide[] | undefined) ?? []}
            onChange={(slides) => set("slide", slides)}
            make={() => ({ title: "New slide", paragraph: "", image: [], altText: "" })}
            render={(slide, update, i) => (
              <>
                <TextInput label={`Slide ${i + 1} title`} value={str(slide.title)} onChange={(v) => update({ ...slide, title: v })} required />
                <RichTextField label={`Slide ${i + 1} text`} value={str(slide.paragraph)} onChange={(v) => update({ ...slide, paragraph: v })} />
                <div className="c-form-row">
                  <TextInput label={`Slide ${i + 1} button label`} value={str(slide.label)} onChange={(v) => update({ ...slide, label: v })} />
                  <TextInput label={`Slide ${i + 1} button link`} value={str(slide.link)} onChange={(v) => update({ ...slide, link: v })} hint={LINK_HINT} />
                </div>
                {image(slide, update, `Slide ${i + 1} image`)}
                <TextInput label={`Slide ${i + 1} image description`} value={str(slide.altText)} onChange={(v) => update({ ...slide, altText: v })} />
                <TextInput label={`Slide ${i + 1} background colour (#hex, optional)`} value={str(slide.background)} onChange={(v) => update({ ...slide, background: v })} />
              </>
            )}
          />
        </>
      );
    case "table": {
      const rows = (block.content as string[][] | undefined) ?? [[""]];
      const columns = Math.max(1, ...rows.map((r) => r.length));
      const setRows = (next: string[][]) => set("content", next);
      return (
        <>
          {text("title", "Title (optional)")}
          <ItemList<string[]>
            legend="Rows (the first is the header)"
            addLabel="Add a row"
            min={1}
            max={200}
            items={rows}
            onChange={setRows}
            make={() => new Array<string>(columns).fill("")}
            render={(row, update, r) => (
              <div className="cc-table-row">
                {Array.from({ length: columns }, (_, c) => (
                  <TextInput key={c} label={`Row ${r + 1}, column ${c + 1}`} value={row[c] ?? ""} onChange={(v) => update(Array.from({ length: columns }, (_, k) => (k === c ? v : (row[k] ?? ""))))} />
                ))}
              </div>
            )}
          />
          <div className="c-form-row">
            <button type="button" className="c-button c-button-quiet" disabled={columns >= 12} onClick={() => setRows(rows.map((r) => [...r, ""]))}>
              Add a column
            </button>
            <button type="button" className="c-button c-button-quiet" disabled={columns <= 1} onClick={() => setRows(rows.map((r) => r.slice(0, columns - 1)))}>
              Remove the last column
            </button>
          </div>
        </>
      );
    }
    case "section":
      return (
        <>
          {text("title", "Title (optional)")}
          {rich("paragraph", "Text (optional)")}
          {text("background", "Background colour (#hex, optional)")}
          {children}
        </>
      );
  }
}
