import { FOOTER_SECTIONS, LEGAL_LINKS, REFER_LABEL, REGULATORY_DISCLAIMER, SOCIAL_LINKS, type NavGroup } from "../../../domain/navigation";
import { referVisible } from "../../../domain/shell";
import { openPopup } from "../../lib/popups";
import { NewsletterForm } from "../newsletter/NewsletterForm";
import { COOKIE_PREFERENCES_POPUP } from "../ui/popup-registry";
import { FooterLink, FooterLinks } from "./FooterLinks";
import type { ShellViewer } from "./shell-data";

/** The footer's sections without Refer a Friend where it is hidden (checkout, loyalty_new_user exclude). */
function sectionsFor(pathname: string, viewer: ShellViewer): NavGroup[] {
  if (referVisible(pathname, viewer.experiments)) return FOOTER_SECTIONS;
  return FOOTER_SECTIONS.map((section) => ({ ...section, links: section.links.filter((link) => link.label !== REFER_LABEL) }));
}

function Newsletter() {
  return (
    <section aria-labelledby="newsletter-heading" className="footer-newsletter">
      <h2 id="newsletter-heading" className="footer-title">
        Good science, in your inbox.
      </h2>
      <p className="footer-lede">Microbiome research, new launches and member offers. No noise.</p>
      <NewsletterForm />
    </section>
  );
}

function LegalRow() {
  return (
    <div className="footer-legal">
      <ul className="footer-legal-links">
        {LEGAL_LINKS.map((link) => (
          <li key={link.label}>
            <FooterLink link={link} />
          </li>
        ))}
        <li>
          <button type="button" className="footer-link" onClick={() => openPopup(COOKIE_PREFERENCES_POPUP)}>
            Cookie Preferences
          </button>
        </li>
      </ul>
      <p className="footer-copyright">© {new Date().getFullYear()} Seed Health, Inc.</p>
    </div>
  );
}

/** The site footer (SPEC.md section 2): newsletter, link sections, social links, legal row, disclaimer. */
export function Footer({ pathname, viewer }: { pathname: string; viewer: ShellViewer }) {
  return (
    <footer className="site-footer">
      <div className="shell-container footer-inner">
        <div className="footer-top">
          <Newsletter />
          <FooterLinks sections={sectionsFor(pathname, viewer)} />
        </div>
        <ul className="footer-social" aria-label="Seed on social media">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.href}>
              <FooterLink link={link} />
            </li>
          ))}
        </ul>
        <LegalRow />
        <p className="footer-disclaimer">{REGULATORY_DISCLAIMER}</p>
      </div>
    </footer>
  );
}
