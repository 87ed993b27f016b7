import { createContext, useContext, type ReactNode } from "react";
import "./blocks.css";
import { headingNumbers } from "../../domain/block-render";
import type { Block } from "../../domain/blocks";
import { AccordionBlockView } from "./AccordionBlock";
import { ButtonBlockView } from "./ButtonBlock";
import { HeadingBlockView } from "./HeadingBlock";
import { ParagraphBlockView } from "./ParagraphBlock";
import { PosterBlockView } from "./PosterBlock";
import { SectionBlockView } from "./SectionBlock";
import { SliderBlockView } from "./SliderBlock";
import { SmallTextBlockView } from "./SmallTextBlock";
import { TableBlockView } from "./TableBlock";

/** Heading numbers are counted over the whole page, so nested sections keep counting. */
const NumbersContext = createContext<Map<Block, string>>(new Map());
export const useHeadingNumber = (block: Block) => useContext(NumbersContext).get(block);

/**
 * Page code may add its own content at the end of a CMS section, by the section's id (the privacy policy's #do-not-sell
 * says there whether the browser's Global Privacy Control signal was honoured).
 */
export const SectionExtrasContext = createContext<Record<string, ReactNode>>({});

/** The page's first poster, nested or not: usually the largest paint, so it loads eagerly and with high priority. */
const FirstPosterContext = createContext<Block | null>(null);
export const useIsFirstPoster = (block: Block) => useContext(FirstPosterContext) === block;

function firstPoster(blocks: Block[]): Block | null {
  for (const block of blocks) {
    if (block.type === "poster") return block;
    if (block.type === "section") {
      const inner = firstPoster(block.blocks);
      if (inner) return inner;
    }
  }
  return null;
}

/** Renders a page's CMS blocks (already sanitised by the server), one component per block type. */
export function Blocks({ blocks }: { blocks: Block[] }) {
  return (
    <NumbersContext.Provider value={headingNumbers(blocks)}>
      <FirstPosterContext.Provider value={firstPoster(blocks)}>
        <BlockList blocks={blocks} />
      </FirstPosterContext.Provider>
    </NumbersContext.Provider>
  );
}

export function BlockList({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
    </>
  );
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.type) {
    case "section":
      return <SectionBlockView block={block} />;
    case "accordion":
      return <AccordionBlockView block={block} />;
    case "button":
      return <ButtonBlockView block={block} />;
    case "heading":
      return <HeadingBlockView block={block} />;
    case "paragraph":
      return <ParagraphBlockView block={block} />;
    case "poster":
      return <PosterBlockView block={block} />;
    case "slider":
      return <SliderBlockView block={block} />;
    case "small-text":
      return <SmallTextBlockView block={block} />;
    case "table":
      return <TableBlockView block={block} />;
  }
}

/** Sanitised HTML from the server (server/modules/content/sanitise.ts); never pass anything else. */
export function RichText({ html, as: Tag = "div", className }: { html: string; as?: "div" | "span"; className?: string }) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
