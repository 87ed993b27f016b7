import { z } from "./zod";
import { hasUnsafeUrlCharacters, returnPathOf } from "./safe-return";

/**
 * The nine CMS block types of SPEC.md sections 2 and 3, with every field and default of section 3. Rich text fields
 * (paragraph, legend) hold HTML that the server sanitises on the way in (seed, operator edits) and out (page reads);
 * see server/modules/content/sanitise.ts and docs/decisions/0012-cms-blocks.md.
 */

export const BLOCK_TYPES = ["section", "accordion", "button", "heading", "paragraph", "poster", "slider", "small-text", "table"] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** Class names a block may carry: letters, digits, dashes, separated by spaces. */
const ClassList = z
  .string()
  .max(200, { abort: true })
  .regex(/^[a-z0-9 _-]*$/i, "class names are letters, digits, dashes and spaces")
  .default("");

/**
 * A link inside the shop ("/cart?cart=syn-wk", "#pipeline") or out to https/mailto. A path must stay a path when a
 * browser reads it: "/\\evil.example" and "/\t/evil.example" look like paths but leave the site (domain/safe-return.ts).
 */
export function isBlockLink(link: string): boolean {
  if (hasUnsafeUrlCharacters(link)) return false;
  if (link.startsWith("/")) return returnPathOf(link) !== null;
  if (link.startsWith("#") || /^mailto:[^@]+@[^@]+$/.test(link)) return true;
  return /^https:\/\//.test(link) && URL.parse(link)?.protocol === "https:";
}

export const BlockLink = z.string().max(500, { abort: true }).refine(isBlockLink, "a link is a path of this site, an anchor, an https: address or mailto:");

/** One rendition of an image as the content system lists it (SPEC.md section 3: url, secure_url, width, height). */
export const BlockImage = z.object({
  url: z.string().min(1).max(1000),
  secure_url: z.string().max(1000).optional(),
  width: z.number().int().positive().max(10000),
  height: z.number().int().positive().max(10000),
});
export type BlockImage = z.infer<typeof BlockImage>;

const AspectRatio = z.string().regex(/^\d{1,2}:\d{1,2}$/, "an aspect ratio is W:H");

const base = {
  id: z
    .string()
    .max(60, { abort: true })
    .regex(/^[a-z][a-z0-9-]*$/, "an id is a lowercase anchor name")
    .optional(),
  class: ClassList,
  containerClass: ClassList,
};

const RichText = z.string().max(20000);

export const HeadingBlock = z.object({ type: z.literal("heading"), ...base, title: z.string().min(1).max(300) });
export const ParagraphBlock = z.object({ type: z.literal("paragraph"), ...base, paragraph: RichText, inline: z.boolean().default(false) });
export const SmallTextBlock = z.object({ type: z.literal("small-text"), ...base, paragraph: RichText });
export const ButtonBlock = z.object({
  type: z.literal("button"),
  ...base,
  label: z.string().min(1).max(80).default("Submit"),
  link: BlockLink.default("/"),
  /** A popup id: the button opens that popup instead of following its link. */
  modal: z.string().max(60).optional(),
  icon: z.string().max(40).optional(),
  altIcon: z.string().max(40).optional(),
  /** Query parameters added to the link (campaign values, a cart variant). */
  params: z.record(z.string().max(40), z.string().max(200)).default({}),
});
export const AccordionBlock = z.object({ type: z.literal("accordion"), ...base, title: z.string().min(1).max(300), paragraph: RichText });
export const PosterBlock = z
  .object({
    type: z.literal("poster"),
    ...base,
    title: z.string().max(300).optional(),
    image: z.array(BlockImage).default([]),
    altText: z.string().max(300).default(""),
    videoId: z.string().max(100).optional(),
    mobileVideoId: z.string().max(100).optional(),
    desktopPlaybackId: z.string().max(100).optional(),
    mobilePlaybackId: z.string().max(100).optional(),
    legend: RichText.optional(),
    cover: z.boolean().default(false),
    mobileAspectRatio: AspectRatio.default("1:1"),
    desktopAspectRatio: AspectRatio.default("16:9"),
  })
  .refine((p) => p.image.length > 0 || p.desktopPlaybackId || p.videoId, "a poster shows an image or a video")
  .refine((p) => p.image.length === 0 || p.altText.length > 0 || p.class.includes("decorative"), "an image poster needs altText");
export const Slide = z.object({
  title: z.string().min(1).max(200),
  paragraph: RichText.optional(),
  label: z.string().max(80).optional(),
  link: BlockLink.optional(),
  image: z.array(BlockImage).default([]),
  altText: z.string().max(300).default(""),
  background: z.string().regex(/^(#[0-9a-f]{3,8}|var\(--color-[a-z-]+\))$/i).optional(),
  backgroundSmall: z.string().regex(/^(#[0-9a-f]{3,8}|var\(--color-[a-z-]+\))$/i).optional(),
});
export type Slide = z.infer<typeof Slide>;
export const SliderBlock = z.object({ type: z.literal("slider"), ...base, title: z.string().max(200).optional(), slide: z.array(Slide).min(1).max(12) });
export const TableBlock = z.object({
  type: z.literal("table"),
  ...base,
  title: z.string().max(200).optional(),
  /** Rows of cells; the first row is the header. */
  content: z.array(z.array(z.string().max(500)).min(1).max(12)).min(1).max(200),
});

type SectionInput = z.input<typeof SectionBase> & { blocks?: BlockInput[] };
const SectionBase = z.object({
  type: z.literal("section"),
  ...base,
  title: z.string().max(300).optional(),
  paragraph: RichText.optional(),
  background: z.string().regex(/^(#[0-9a-f]{3,8}|var\(--color-[a-z-]+\))$/i).optional(),
  backgroundSmall: z.string().regex(/^(#[0-9a-f]{3,8}|var\(--color-[a-z-]+\))$/i).optional(),
});
export type SectionBlock = z.infer<typeof SectionBase> & { blocks: Block[] };
export const SectionBlock: z.ZodType<SectionBlock, SectionInput> = SectionBase.extend({
  blocks: z.lazy(() => z.array(Block).default([])),
}) as unknown as z.ZodType<SectionBlock, SectionInput>;

export const Block = z.union([
  SectionBlock,
  AccordionBlock,
  ButtonBlock,
  HeadingBlock,
  ParagraphBlock,
  PosterBlock,
  SliderBlock,
  SmallTextBlock,
  TableBlock,
]);
export type Block =
  | SectionBlock
  | z.infer<typeof AccordionBlock>
  | z.infer<typeof ButtonBlock>
  | z.infer<typeof HeadingBlock>
  | z.infer<typeof ParagraphBlock>
  | z.infer<typeof PosterBlock>
  | z.infer<typeof SliderBlock>
  | z.infer<typeof SmallTextBlock>
  | z.infer<typeof TableBlock>;
export type BlockInput = z.input<typeof Block>;
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

export const BlockList = z.array(Block).max(300);

// The renderers' helpers live in a zod-free module so a page's blocks load without zod; re-exported for the rest.
export { buttonHref, cssAspectRatio, hasClass, headingNumbers } from "./block-render";

/** Every rich-text field of a block, to sanitise in one place. */
export function mapRichText(block: Block, clean: (html: string) => string): Block {
  switch (block.type) {
    case "section":
      return { ...block, paragraph: block.paragraph === undefined ? undefined : clean(block.paragraph), blocks: block.blocks.map((b) => mapRichText(b, clean)) };
    case "paragraph":
    case "small-text":
    case "accordion":
      return { ...block, paragraph: clean(block.paragraph) };
    case "poster":
      return { ...block, legend: block.legend === undefined ? undefined : clean(block.legend) };
    case "slider":
      return { ...block, slide: block.slide.map((s) => ({ ...s, paragraph: s.paragraph === undefined ? undefined : clean(s.paragraph) })) };
    default:
      return block;
  }
}

/** Plain words of a block list (for reading time and descriptions). */
export function blockText(blocks: Block[]): string {
  // A tag is "<" to the next ">" with no "<" between: "<[^>]*>" would scan to the end from every "<" of "<<<<…".
  const strip = (html: string | undefined) =>
    (html ?? "")
      .replace(/<[^<>]*>/g, " ")
      .replace(/&(nbsp|#160);/g, " ")
      .replace(/&[a-z0-9#]+;/gi, "");
  const parts: string[] = [];
  for (const b of blocks) {
    if ("title" in b && b.title) parts.push(b.title);
    if ("paragraph" in b) parts.push(strip(b.paragraph));
    if (b.type === "table") parts.push(b.content.flat().join(" "));
    if (b.type === "poster") parts.push(strip(b.legend));
    if (b.type === "section") parts.push(blockText(b.blocks));
    if (b.type === "slider") parts.push(...b.slide.map((s) => `${s.title} ${strip(s.paragraph)}`));
  }
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

/** Words a reader reads in a minute (an adult reading prose on a screen). */
export const WORDS_PER_MINUTE = 230;

/**
 * Reading time of the rendered text at 230 words a minute, rounded up: a 1,100-word article is "5 min", never the
 * "4 min" that rounding to nearest would promise. At least one minute.
 */
export function readingMinutes(blocks: Block[]): number {
  const words = blockText(blocks).split(" ").filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
