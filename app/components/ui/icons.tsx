import type { SVGProps } from "react";

/** Inline icons: a few paths instead of an icon font, so nothing extra is downloaded. */
type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon width="14" height="14" {...props}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const CartIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 8h14l-1.2 11.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9L5 8z" />
    <path d="M9 8V6.5a3 3 0 0 1 6 0V8" />
  </Icon>
);

/** The seedling mark beside the wordmark. */
export const SeedlingIcon = (props: IconProps) => (
  <Icon width="22" height="22" strokeWidth="1.5" {...props}>
    <path d="M12 21v-8" />
    <path d="M12 13c0-4 3-7 8-7 0 4.5-3 7-8 7z" />
    <path d="M12 15c0-3.3-2.4-5.8-7-5.8 0 3.6 2.6 5.8 7 5.8z" />
  </Icon>
);
