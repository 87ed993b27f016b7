/**
 * Popups open by id, from anywhere (CMS buttons, footer links, third-party snippets), through one window
 * event: `popup_open` whose detail is the id or {id, data} (SPEC.md section 2, Cart and drawers).
 */
export const POPUP_OPEN_EVENT = "popup_open";

export interface PopupRequest {
  id: string;
  data?: unknown;
}

/** Reads an event's detail; anything that names no popup is ignored. */
export function parsePopupDetail(detail: unknown): PopupRequest | null {
  if (typeof detail === "string") return detail.trim() ? { id: detail.trim() } : null;
  if (!detail || typeof detail !== "object") return null;
  const { id, data } = detail as { id?: unknown; data?: unknown };
  if (typeof id !== "string" || !id.trim()) return null;
  return data === undefined ? { id: id.trim() } : { id: id.trim(), data };
}

export function openPopup(id: string, data?: unknown): void {
  const detail: PopupRequest = data === undefined ? { id } : { id, data };
  window.dispatchEvent(new CustomEvent(POPUP_OPEN_EVENT, { detail }));
}
