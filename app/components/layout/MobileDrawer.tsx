import { Accordion } from "@base-ui/react/accordion";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EVENTS } from "../../../domain/event-names";
import { HEADER_MENUS, MOBILE_ACCOUNT_LINKS, type NavLink } from "../../../domain/navigation";
import { ROUTES } from "../../../domain/routes";
import { track } from "../../lib/analytics";
import { SignOutButton } from "../account/SignOutButton";
import { SidePanel } from "../ui/SidePanel";
import { ChevronDownIcon } from "../ui/icons";
import type { ShellViewer } from "./shell-data";

interface MobileDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  viewer: ShellViewer;
}

function Section({ value, label, children }: { value: string; label: string; children: ReactNode }) {
  return (
    <Accordion.Item value={value} className="accordion-item">
      <Accordion.Header className="accordion-header">
        <Accordion.Trigger className="accordion-trigger">
          {label}
          <ChevronDownIcon className="accordion-icon" />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Panel className="accordion-panel">{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

function DrawerLink({ link, section, onNavigate }: { link: NavLink; section: string; onNavigate(): void }) {
  return (
    <Link
      to={link.href}
      className="drawer-sublink"
      onClick={() => {
        track(EVENTS.mobileNavMenuClick, { menu: section, label: link.label });
        onNavigate();
      }}
    >
      {link.label}
    </Link>
  );
}

/** Home is hidden for blocked members (SPEC.md section 2, Mobile drawer). */
const accountLinksFor = (viewer: ShellViewer) =>
  viewer.blocked ? MOBILE_ACCOUNT_LINKS.filter((link) => link.href !== ROUTES.member_homepage) : MOBILE_ACCOUNT_LINKS;

/**
 * The navigation drawer below 768px: an accordion of Shop, Science, Cultured and Account (a single Login
 * entry when signed out), the first section expanded. Opens from the hamburger, closes from its exit
 * button or Escape.
 */
export function MobileDrawer({ open, onOpenChange, viewer }: MobileDrawerProps) {
  const close = () => onOpenChange(false);
  const firstSection = HEADER_MENUS[0]?.id ?? "shop";
  return (
    <SidePanel name="mobile-nav" side="left" open={open} onOpenChange={onOpenChange} title="Menu" closeLabel="Close menu">
      <nav aria-label="Mobile">
        <Accordion.Root defaultValue={[firstSection]} className="accordion">
          {HEADER_MENUS.map((menu) => (
            <Section key={menu.id} value={menu.id} label={menu.label}>
              {menu.groups.map((group) => (
                <div key={group.title} className="drawer-group">
                  <p className="drawer-group-title">{group.title}</p>
                  <ul>
                    {group.links.map((link) => (
                      <li key={link.href}>
                        <DrawerLink link={link} section={menu.label} onNavigate={close} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </Section>
          ))}
          {viewer.signedIn && (
            <Section value="account" label="Account">
              <ul>
                {accountLinksFor(viewer).map((link) => (
                  <li key={link.href}>
                    <DrawerLink link={link} section="Account" onNavigate={close} />
                  </li>
                ))}
                <li>
                  <SignOutButton className="drawer-sublink" onDone={close} />
                </li>
              </ul>
            </Section>
          )}
        </Accordion.Root>
        {!viewer.signedIn && (
          <Link
            to={ROUTES.login}
            className="accordion-trigger"
            onClick={() => {
              track(EVENTS.loginButtonClicked, { location: "mobile drawer" });
              close();
            }}
          >
            Login
          </Link>
        )}
      </nav>
    </SidePanel>
  );
}
