import { Dialog } from "@base-ui/react/dialog";
import type { ReactNode } from "react";
import { CloseIcon } from "./icons";

interface SidePanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  side: "left" | "right";
  title: ReactNode;
  closeLabel: string;
  /** Names the panel for tests and styling. */
  name: string;
  children: ReactNode;
}

/**
 * A drawer that slides in from one edge (0.3 s, SPEC.md section 9). A positioned Base UI Dialog:
 * it traps focus, locks page scroll, closes on Escape and on a press outside, and hands focus back.
 */
export function SidePanel({ open, onOpenChange, side, title, closeLabel, name, children }: SidePanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Backdrop className="drawer-backdrop" data-testid={`${name}-overlay`} />
        <Dialog.Popup className={`drawer drawer--${side}`} data-drawer={name}>
          <div className="drawer-head">
            <Dialog.Title className="drawer-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={closeLabel}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="drawer-body">{children}</div>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
