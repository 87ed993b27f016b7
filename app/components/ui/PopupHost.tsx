import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { parsePopupDetail, POPUP_OPEN_EVENT, type PopupRequest } from "../../lib/popups";
import { findPopup } from "./popup-registry";

// The dialog code loads with the first popup request; until then the host is only an event listener.
const PopupDialog = lazy(() => import("./PopupDialog"));

/** Calls onRequest for every popup_open event naming a registered popup. */
function usePopupRequests(onRequest: (request: PopupRequest) => void) {
  useEffect(() => {
    const onOpen = (event: Event) => {
      const request = parsePopupDetail((event as CustomEvent<unknown>).detail);
      if (request && findPopup(request.id)) onRequest(request);
    };
    window.addEventListener(POPUP_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(POPUP_OPEN_EVENT, onOpen);
  }, [onRequest]);
}

/**
 * The one place popups render (SPEC.md section 2, Cart and drawers): popups open by id through the
 * popup_open window event. The request outlives `open` so the closing animation still shows its content.
 */
export function PopupHost() {
  const [request, setRequest] = useState<PopupRequest | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((next: PopupRequest) => {
    setRequest(next);
    setOpen(true);
  }, []);
  usePopupRequests(show);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <PopupDialog request={request} open={open} onOpenChange={setOpen} onClosed={() => setRequest(null)} />
    </Suspense>
  );
}
