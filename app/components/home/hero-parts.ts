import type { Block, BlockOf } from "../../../domain/blocks";

/** The words and art of the home page's first band, as an operator wrote them in the CMS (the "page-hero" section). */
export interface HeroParts {
  section: BlockOf<"section">;
  lede: BlockOf<"paragraph"> | null;
  button: BlockOf<"button"> | null;
  /** The CMS's own picture: drawn when the media library has no home-hero photograph. */
  poster: BlockOf<"poster"> | null;
  /** Whatever else the band holds (the fine print), in its order. */
  rest: Block[];
}

const isHero = (block: Block | undefined): block is BlockOf<"section"> =>
  block?.type === "section" && block.class.split(" ").includes("page-hero");

/** The first band's parts when the page opens with a hero band; null otherwise (the page is drawn as plain blocks). */
export function heroParts(blocks: readonly Block[]): HeroParts | null {
  const section = blocks[0];
  if (!isHero(section)) return null;
  const first = <T extends Block["type"]>(type: T) => (section.blocks.find((b) => b.type === type) as BlockOf<T> | undefined) ?? null;
  const lede = first("paragraph");
  const button = first("button");
  const poster = first("poster");
  const taken = new Set<Block>([lede, button, poster].filter((b): b is NonNullable<typeof b> => b !== null));
  return { section, lede, button, poster, rest: section.blocks.filter((b) => !taken.has(b)) };
}
