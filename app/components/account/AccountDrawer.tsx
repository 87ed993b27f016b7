import { Link } from "react-router";
import { ACCOUNT_DRAWER_LINKS } from "../../../domain/navigation";
import type { ShellViewer } from "../layout/shell-data";
import { SidePanel } from "../ui/SidePanel";
import { SignOutButton } from "./SignOutButton";

interface AccountDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  viewer: ShellViewer;
}

/** The signed-in member's drawer from the right (SPEC.md section 2): closes on Escape or a press on the overlay. */
export function AccountDrawer({ open, onOpenChange, viewer }: AccountDrawerProps) {
  const close = () => onOpenChange(false);
  return (
    <SidePanel
      name="account"
      side="right"
      open={open}
      onOpenChange={onOpenChange}
      title={viewer.firstName ? `Hi, ${viewer.firstName}` : "Your Account"}
      closeLabel="Close account menu"
    >
      {viewer.email && <p className="drawer-note">{viewer.email}</p>}
      <nav aria-label="Account">
        <ul className="drawer-links">
          {ACCOUNT_DRAWER_LINKS.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="drawer-link" onClick={close}>
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <SignOutButton className="drawer-link" onDone={close} />
          </li>
        </ul>
      </nav>
    </SidePanel>
  );
}
