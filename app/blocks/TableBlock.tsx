import { hasClass } from "../../domain/block-render";
import type { BlockOf } from "../../domain/blocks";

/**
 * A table whose first row is the header. Wide tables scroll sideways inside their frame; with-bullets adds a
 * row of dots under it (one per column beyond the first) as the scroll indicator.
 */
export function TableBlockView({ block }: { block: BlockOf<"table"> }) {
  const [header = [], ...rows] = block.content;
  const bullets = hasClass(block, "with-bullets");
  const captionId = block.id ? `${block.id}-caption` : undefined;
  return (
    <div data-block="table" className={`block-table ${block.class}`.trim()}>
      <div className={`block-table-scroll ${block.containerClass}`.trim()} tabIndex={0} role="region" aria-label={block.title ?? header.join(", ")}>
        <table id={block.id}>
          {block.title ? <caption id={captionId}>{block.title}</caption> : null}
          <thead>
            <tr>
              {header.map((cell, i) => (
                <th key={i} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {bullets ? (
        <div className="block-table-bullets" aria-hidden="true" data-testid="table-bullets">
          {header.slice(1).map((_, i) => (
            <span key={i} className="block-table-bullet" />
          ))}
        </div>
      ) : null}
    </div>
  );
}
