import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";

/**
 * The rich-text editor (Tiptap 3), loaded lazily by RichTextField so only the console's editor chunk holds it. Its
 * marks and nodes are exactly what the shop's sanitiser keeps (server/modules/content/sanitise.ts): paragraphs, bold,
 * italic, underline, links, lists, subheadings (h3, h4) and quotes; the server sanitises again on every save.
 */
const extensions = [
  StarterKit.configure({
    heading: { levels: [3, 4] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    // The sanitiser decides rel on the server; links open in the same tab like the shop's own.
    link: { openOnClick: false, autolink: true, protocols: ["https", "http", "mailto"], HTMLAttributes: { target: null, rel: null } },
  }),
];

export default function TiptapEditor({ labelId, value, onChange }: { labelId: string; value: string; onChange: (html: string) => void }) {
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: false,
    editorProps: { attributes: { "aria-labelledby": labelId, role: "textbox", "aria-multiline": "true", class: "cc-rich-input" } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      underline: e?.isActive("underline") ?? false,
      link: e?.isActive("link") ?? false,
      bullet: e?.isActive("bulletList") ?? false,
      ordered: e?.isActive("orderedList") ?? false,
      h3: e?.isActive("heading", { level: 3 }) ?? false,
      quote: e?.isActive("blockquote") ?? false,
    }),
  });
  if (!editor) return null;
  const link = () => {
    const current = editor.getAttributes("link").href as string | undefined;
    const href = window.prompt("Link address (a path like /shop, https:// or mailto:). Leave empty to remove the link.", current ?? "");
    if (href === null) return;
    if (href.trim() === "") editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };
  const tools: { label: string; on: boolean; run: () => void }[] = [
    { label: "Bold", on: state?.bold ?? false, run: () => editor.chain().focus().toggleBold().run() },
    { label: "Italic", on: state?.italic ?? false, run: () => editor.chain().focus().toggleItalic().run() },
    { label: "Underline", on: state?.underline ?? false, run: () => editor.chain().focus().toggleUnderline().run() },
    { label: "Link", on: state?.link ?? false, run: link },
    { label: "Bulleted list", on: state?.bullet ?? false, run: () => editor.chain().focus().toggleBulletList().run() },
    { label: "Numbered list", on: state?.ordered ?? false, run: () => editor.chain().focus().toggleOrderedList().run() },
    { label: "Subheading", on: state?.h3 ?? false, run: () => editor.chain().focus().toggleHeading({ level: 3 }).run() },
    { label: "Quote", on: state?.quote ?? false, run: () => editor.chain().focus().toggleBlockquote().run() },
  ];
  return (
    <div className="cc-rich">
      <div className="cc-rich-tools" role="toolbar" aria-labelledby={labelId}>
        {tools.map((t) => (
          <button key={t.label} type="button" aria-pressed={t.on} onClick={t.run}>
            {t.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
