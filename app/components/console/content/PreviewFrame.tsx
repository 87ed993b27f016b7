import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * The preview drawn at a screen's width: an iframe `width` pixels wide holding the shop's stylesheets, so the shop's
 * own media queries see a phone or a desktop, scaled down to fit its column. Before the script runs the content is
 * drawn in place, unscaled. `inert` keeps a second copy of the same words out of the keyboard's and screen readers' way.
 */
export function PreviewFrame({ width, title, children, inert }: { width: number; title: string; children: ReactNode; inert?: boolean }) {
  const outer = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [scale, setScale] = useState(1);
  const [height, setHeight] = useState(600);

  useIsoLayoutEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    // The shop's styles: every stylesheet link and style element of the console's page, copied in.
    for (const node of document.head.querySelectorAll('link[rel="stylesheet"], style')) doc.head.appendChild(node.cloneNode(true));
    doc.body.className = "cc-frame-body";
    setBody(doc.body);
  }, []);

  useEffect(() => {
    if (!outer.current) return;
    const observer = new ResizeObserver(() => setScale(Math.min(1, (outer.current?.clientWidth ?? width) / width)));
    observer.observe(outer.current);
    return () => observer.disconnect();
  }, [width]);

  useEffect(() => {
    if (!body) return;
    const observer = new ResizeObserver(() => setHeight(Math.max(200, body.scrollHeight)));
    observer.observe(body);
    return () => observer.disconnect();
  }, [body]);

  return (
    <figure className="cc-frame">
      <figcaption className="c-hint">{title}</figcaption>
      <div ref={outer} className="cc-frame-outer" style={{ height: body ? height * scale : undefined }}>
        <iframe ref={frame} hidden={!body} title={`Preview: ${title}`} className="cc-frame-iframe" style={{ width, height, transform: `scale(${scale})` }} inert={inert} />
        {body ? createPortal(children, body) : <div className="cc-frame-static">{children}</div>}
      </div>
    </figure>
  );
}
