import { BLOCK_LABELS, type EditableBlock, type FieldErrors } from "../../../../domain/content-editing";
import { ImageField, type PickableImage } from "./ImageField";

interface FieldProps {
  name: string;
  label: string;
  kind: "text" | "rich" | "table" | "long";
  value: string;
  error?: string;
}

const idOf = (name: string) => `cc-${name.replace(/\./g, "-")}`;

/** One field with its label and, after a refused preview or publish, the schema's words about it. */
function Field({ name, label, kind, value, error }: FieldProps) {
  const id = idOf(name);
  const errorId = `${id}-error`;
  const common = { id, name, defaultValue: value, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined };
  return (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      {kind === "text" ? <input type="text" {...common} /> : <textarea rows={kind === "table" ? 6 : kind === "rich" ? 4 : 2} spellCheck={kind !== "table"} {...common} />}
      {kind === "rich" ? <span className="c-hint">Paragraph tags, bold, italic, lists and links are kept; anything else is removed on publish.</span> : null}
      {error ? (
        <span id={errorId} className="c-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The editor's fields: the page's words, then each block in reading order with the fields a form can change (blocks
 * inside a section are indented under it). `values` are what was last submitted, kept when a submit is refused.
 */
export function PageEditorFields({
  page,
  blocks,
  values,
  errors,
  library = [],
}: {
  page: { title: string; intro: string; description: string };
  blocks: EditableBlock[];
  values?: Record<string, string>;
  errors: FieldErrors;
  /** The media library's images the image fields offer. */
  library?: PickableImage[];
}) {
  const valueOf = (name: string, published: string) => values?.[name] ?? published;
  return (
    <>
      <fieldset className="cc-block">
        <legend>Page</legend>
        <Field name="title" label="Title" kind="text" value={valueOf("title", page.title)} error={errors.title} />
        <Field name="intro" label="Introduction" kind="long" value={valueOf("intro", page.intro)} error={errors.intro} />
        <Field name="description" label="Description for search engines" kind="long" value={valueOf("description", page.description)} error={errors.description} />
        {errors.page ? <p className="c-error">{errors.page}</p> : null}
      </fieldset>
      {blocks.map((block, i) => (
        <fieldset key={block.name} className="cc-block" style={{ marginInlineStart: `${block.depth * 1.25}rem` }}>
          <legend>
            Block {i + 1}: {BLOCK_LABELS[block.type]}
          </legend>
          {errors[block.name] ? <p className="c-error">{errors[block.name]}</p> : null}
          {block.fields.length === 0 ? <p className="c-hint">This block has nothing to write.</p> : null}
          {block.fields.map((f) =>
            f.kind === "image" ? (
              <ImageField key={f.name} name={f.name} label={f.label} image={f.image ?? null} value={valueOf(f.name, f.value)} error={errors[f.name]} library={library} />
            ) : (
              <Field key={f.name} name={f.name} label={f.label} kind={f.kind} value={valueOf(f.name, f.value)} error={errors[f.name]} />
            ),
          )}
        </fieldset>
      ))}
    </>
  );
}
