import { Link } from "react-router";
import type { NavGroup, NavLink } from "../../../domain/navigation";
import { ChevronDownIcon } from "../ui/icons";

export function FooterLink({ link }: { link: NavLink }) {
  if (link.external) {
    return (
      <a href={link.href} className="footer-link" target="_blank" rel="noopener noreferrer">
        {link.label}
      </a>
    );
  }
  return (
    <Link to={link.href} className="footer-link">
      {link.label}
    </Link>
  );
}

function LinkList({ links }: { links: NavLink[] }) {
  return (
    <ul className="footer-link-list">
      {links.map((link) => (
        <li key={`${link.label}-${link.href}`}>
          <FooterLink link={link} />
        </li>
      ))}
    </ul>
  );
}

/** Desktop: one column per section. */
function Columns({ sections }: { sections: NavGroup[] }) {
  return (
    <div className="footer-columns hidden md:grid" data-testid="footer-columns">
      {sections.map((section) => (
        <div key={section.title}>
          <h2 className="footer-heading">{section.title}</h2>
          <LinkList links={section.links} />
        </div>
      ))}
    </div>
  );
}

/** Mobile: the same sections as native disclosure widgets, which open with or without JavaScript. */
function Accordions({ sections }: { sections: NavGroup[] }) {
  return (
    <div className="footer-accordion md:hidden" data-testid="footer-accordion">
      {sections.map((section) => (
        <details key={section.title} className="footer-accordion-item">
          <summary className="footer-accordion-trigger">
            {section.title}
            <ChevronDownIcon className="accordion-icon" />
          </summary>
          <LinkList links={section.links} />
        </details>
      ))}
    </div>
  );
}

export function FooterLinks({ sections }: { sections: NavGroup[] }) {
  return (
    <>
      <Columns sections={sections} />
      <Accordions sections={sections} />
    </>
  );
}
