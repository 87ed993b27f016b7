import { closestCorners, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useId, useRef, useState } from "react";
import { newBlock } from "../../../../domain/block-editor";
import { BLOCK_TYPES, type BlockType } from "../../../../domain/blocks";
import { BLOCK_LABELS } from "../../../../domain/content-editing";
import { BlockFields, type DraftBlock, type FieldContext } from "./BlockFields";

/**
 * The page's blocks as a list staff add to, remove from and reorder (issue 36, ADR 0072): drag a block by its
 * handle, or focus the handle and use Space and the arrow keys (dnd-kit's keyboard sensor), or press Move up and
 * Move down. A section holds a list of its own. Every change goes up as the whole list.
 */
let nextKey = 0;
const keyOf = () => `block-${(nextKey += 1)}`;

export function BlockList({ blocks, onChange, context, errors = {}, depth = 0, path = "" }: { blocks: DraftBlock[]; onChange: (blocks: DraftBlock[]) => void; context: FieldContext; errors?: Record<string, string>; depth?: number; path?: string }) {
  // Stable keys for the list's items, kept in step with every add, remove and move made here.
  const keys = useRef<string[]>([]);
  while (keys.current.length < blocks.length) keys.current.push(keyOf());
  keys.current.length = blocks.length;
  const [announce, setAnnounce] = useState("");
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const typeId = useId();
  const [type, setType] = useState<BlockType>("paragraph");

  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    keys.current = arrayMove(keys.current, from, to);
    onChange(arrayMove(blocks, from, to));
    setAnnounce(`${BLOCK_LABELS[blocks[from]!.type]} moved to place ${to + 1} of ${blocks.length}.`);
  };
  const remove = (index: number) => {
    keys.current = keys.current.filter((_, i) => i !== index);
    onChange(blocks.filter((_, i) => i !== index));
    setAnnounce(`${BLOCK_LABELS[blocks[index]!.type]} removed.`);
  };
  const add = () => {
    keys.current = [...keys.current, keyOf()];
    onChange([...blocks, newBlock(type) as DraftBlock]);
    setAnnounce(`${BLOCK_LABELS[type]} added at place ${blocks.length + 1}.`);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(keys.current.indexOf(String(active.id)), keys.current.indexOf(String(over.id)));
  };

  return (
    <div className={depth > 0 ? "cc-blocks cc-blocks-nested" : "cc-blocks"}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: "To move a block, press Space or Enter on its handle, use the up and down arrow keys, then Space or Enter to drop it, or Escape to cancel." },
        }}
      >
        <SortableContext items={[...keys.current]} strategy={verticalListSortingStrategy}>
          <ol className="cc-block-list" aria-label={depth > 0 ? "Blocks of this section" : "Blocks of the page"}>
            {blocks.map((block, i) => (
              <SortableBlock
                key={keys.current[i]}
                id={keys.current[i]!}
                index={i}
                count={blocks.length}
                block={block}
                error={errors[`${path}block.${i}`]}
                onChange={(next) => onChange(blocks.map((b, j) => (j === i ? next : b)))}
                onMove={(to) => move(i, to)}
                onRemove={() => remove(i)}
                context={context}
                depth={depth}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {blocks.length === 0 ? <p className="c-hint">No blocks yet.</p> : null}
      <div className="c-form-row cc-add">
        <div className="c-field">
          <label htmlFor={typeId}>{depth > 0 ? "New block in this section" : "New block"}</label>
          <select id={typeId} value={type} onChange={(e) => setType(e.currentTarget.value as BlockType)}>
            {BLOCK_TYPES.filter((t) => depth === 0 || t !== "section").map((t) => (
              <option key={t} value={t}>
                {BLOCK_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="c-button c-button-quiet" onClick={add}>
          {depth > 0 ? "Add to section" : "Add block"}
        </button>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}

function SortableBlock({ id, index, count, block, error, onChange, onMove, onRemove, context, depth }: { id: string; index: number; count: number; block: DraftBlock; error?: string; onChange: (b: DraftBlock) => void; onMove: (to: number) => void; onRemove: () => void; context: FieldContext; depth: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const name = `Block ${index + 1}: ${BLOCK_LABELS[block.type]}`;
  const headingId = `${id}-heading`;
  return (
    <li ref={setNodeRef} className={`cc-block-card${isDragging ? " cc-dragging" : ""}`} style={{ transform: CSS.Transform.toString(transform), transition }} aria-labelledby={headingId} data-block-type={block.type}>
      <div className="cc-block-head">
        <button type="button" ref={setActivatorNodeRef} className="cc-handle" {...attributes} {...listeners} aria-label={`Drag to reorder ${name}`}>
          <span aria-hidden="true">⠿</span>
        </button>
        <h3 id={headingId} className="cc-block-title">
          {name}
        </h3>
        <div className="cc-block-actions">
          <button type="button" className="c-button c-button-quiet" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={`Move up ${name}`}>
            Move up
          </button>
          <button type="button" className="c-button c-button-quiet" disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={`Move down ${name}`}>
            Move down
          </button>
          <button type="button" className="c-button c-button-quiet cc-remove" onClick={onRemove} aria-label={`Remove ${name}`}>
            Remove
          </button>
        </div>
      </div>
      {error ? <p className="c-error">{error}</p> : null}
      <div className="cc-block-fields">
        <BlockFields block={block} onChange={onChange} context={context}>
          {block.type === "section" ? <BlockList blocks={(block.blocks as DraftBlock[] | undefined) ?? []} onChange={(blocks) => onChange({ ...block, blocks })} context={context} depth={depth + 1} /> : null}
        </BlockFields>
      </div>
    </li>
  );
}
