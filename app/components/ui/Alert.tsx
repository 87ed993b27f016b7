import { useMemo } from "react";
import { sanitiseAlertHtml, type AlertKind } from "../../../domain/error-reporting";

const ROLE: Record<AlertKind, "status" | "alert"> = { info: "status", success: "status", error: "alert" };

/** An info, error or success message whose text is HTML (SPEC.md section 8), sanitised by allow-list first. */
export function Alert({ kind, html, className = "" }: { kind: AlertKind; html: string; className?: string }) {
  const safe = useMemo(() => sanitiseAlertHtml(html), [html]);
  return <div role={ROLE[kind]} className={`alert alert--${kind} ${className}`.trim()} data-kind={kind} dangerouslySetInnerHTML={{ __html: safe }} />;
}
