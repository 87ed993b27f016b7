import { Dialog } from "@base-ui/react/dialog";
import { Suspense, useCallback, useEffect, useState } from "react";
import { parsePopupDetail, POPUP_OPEN_EVENT, type PopupRequest } from "../../lib/popups";
import { CloseIcon } from "./icons";
import { findPopup } from "./popup-registry";

/** Listens for popup_open on window and shows the registered popup with that id. */
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
 * The one place popups render (SPEC.md section 4): a Base UI Dialog that closes on Escape, the close
 * button or a press outside, animating 500 ms each way. The request outlives `open` so the closing
 * animation still shows the popup's content.
 */
export function PopupHost() {
  const [request, setRequest] = useState<PopupRequest | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((next: PopupRequest) => {
    setRequest(next);
    setOpen(true);
  }, []);
  usePopupRequests(show);
  const popup = request ? findPopup(request.id) : null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen} onOpenChangeComplete={(isOpen) => !isOpen && setRequest(null)}>
      <Dialog.Portal>
        <Dialog.Backdrop className="popup-backdrop" />
        <Dialog.Viewport className="popup-viewport">
          <Dialog.Popup className="popup" data-popup={request?.id}>
            <div className="popup-head">
              <Dialog.Title className="popup-title">{popup?.title}</Dialog.Title>
              <Dialog.Close className="icon-button" aria-label="Close">
                <CloseIcon />
              </Dialog.Close>
            </div>
            {popup && (
              <Suspense fallback={<p className="popup-loading">Loading…</p>}>
                <popup.Body data={request?.data} close={() => setOpen(false)} />
              </Suspense>
            )}
          </Dialog.Popup>
        </Dialog.Viewport>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
