import { Dialog } from "@base-ui/react/dialog";
import { Suspense } from "react";
import type { PopupRequest } from "../../lib/popups";
import { CloseIcon } from "./icons";
import { findPopup } from "./popup-registry";

export interface PopupDialogProps {
  request: PopupRequest | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Called once the closing animation has finished. */
  onClosed(): void;
}

/**
 * A registered popup in a Base UI Dialog: closes on Escape, the close button or a press outside, and
 * animates 500 ms each way (SPEC.md section 9).
 */
export default function PopupDialog({ request, open, onOpenChange, onClosed }: PopupDialogProps) {
  const popup = request ? findPopup(request.id) : null;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => onOpenChange(next)} onOpenChangeComplete={(isOpen) => !isOpen && onClosed()}>
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
                <popup.Body data={request?.data} close={() => onOpenChange(false)} />
              </Suspense>
            )}
          </Dialog.Popup>
        </Dialog.Viewport>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
