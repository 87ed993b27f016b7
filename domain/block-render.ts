import type { Block, BlockOf } from "./blocks";

/*
 * What the block renderers (app/blocks/) compute from a block. No zod here (types only from ./blocks): every content
 * page renders blocks, and the schemas would add zod to each page's first load.
 */

export function hasClass(block: { class: string }, name: string): boolean {
  return block.class.split(/\s+/).includes(name);
}

/** Two-digit section numbers (01, 02, ...) for the headings styled with-number, in reading order across sections. */
export function headingNumbers(blocks: Block[]): Map<Block, string> {
  const numbers = new Map<Block, string>();
  const walk = (list: Block[]) => {
    for (const block of list) {
      if (block.type === "heading" && hasClass(block, "with-number")) numbers.set(block, String(numbers.size + 1).padStart(2, "0"));
      if (block.type === "section") walk(block.blocks);
    }
  };
  walk(blocks);
  return numbers;
}

/** "16:9" as a CSS aspect-ratio value ("16 / 9"). */
export function cssAspectRatio(ratio: string): string {
  const [w, h] = ratio.split(":");
  return `${w} / ${h}`;
}

/** A button's target: its link with its params added (fragment kept last). */
export function buttonHref(block: Pick<BlockOf<"button">, "link" | "params">): string {
  const entries = Object.entries(block.params);
  if (entries.length === 0) return block.link;
  const [beforeHash, hash] = block.link.split("#", 2) as [string, string | undefined];
  const query = new URLSearchParams(entries).toString();
  const joined = beforeHash + (beforeHash.includes("?") ? "&" : "?") + query;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
