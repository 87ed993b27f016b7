/**
 * The names of the event catalogue (SPEC.md section 7), zod-free so browser code can name events without shipping
 * zod. The schema of each event's properties is in domain/events.ts, keyed by these names.
 */
export const EVENTS = {
  // Shell and navigation
  siteDown: "Site Down",
  navMenuClick: "Nav Menu Click",
  navSubmenuClick: "Nav Submenu Click",
  mobileNavMenuClick: "Mobile Nav Menu Click",
  hamburgerMenuClick: "Hamburger Menu Click",
  loginButtonClicked: "Login button clicked",
  logoutClicked: "Logout clicked",
  /** Recorded by the server when a session ends through logout (SPEC.md section 4). */
  logout: "Logout",
  earn: "Earn",
  quizStarted: "Quiz Started",
  /** Recorded by the server as each quiz step is saved (the quiz works before JavaScript). */
  quizStepCompleted: "Quiz Step Completed",
  quizCompleted: "Quiz Completed",
  emailSubmitted: "Email Submitted",
  buttonClicked: "Button Clicked",
  pageViewed: "Page Viewed",
  // Cart
  productAdded: "Product Added",
  productRemoved: "Product Removed",
  cartViewed: "Cart Viewed",
  checkoutButtonClicked: "Checkout Button Clicked",
  promoFieldOpened: "Promo Field Opened",
  // Checkout
  checkoutStepViewed: "Checkout Step Viewed",
  checkoutStepCompleted: "Checkout Step Completed",
  couponEntered: "Coupon Entered",
  couponApplied: "Coupon Applied",
  couponDenied: "Coupon Denied",
  couponRemoved: "Coupon Removed",
  expressPayClicked: "Express Pay Clicked",
  paymentMethodSelected: "Payment Method Selected",
  paymentInfoEntered: "Payment Info Entered",
  optInChanged: "Opt In Changed",
  orderCompleted: "Order Completed",
  // Accounts
  signedIn: "Signed In",
  signInFailed: "Sign In Failed",
  // Experiments
  experimentViewed: "Experiment Viewed",
} as const;

/** The wallets Stripe's Express Checkout Element names in its events (`expressPaymentType`), as "Express Pay Clicked" carries them. */
export const EXPRESS_PAYMENT_TYPES = ["apple_pay", "google_pay", "amazon_pay", "paypal", "link", "klarna"] as const;
export type ExpressPaymentType = (typeof EXPRESS_PAYMENT_TYPES)[number];

export type EventName = (typeof EVENTS)[keyof typeof EVENTS];

export const EVENT_NAMES: readonly EventName[] = Object.values(EVENTS);

export function isEventName(name: string): name is EventName {
  return (EVENT_NAMES as readonly string[]).includes(name);
}

/**
 * Properties that only travel with targeting consent (C0004): the advertising-match hashes of SPEC.md section 5.
 * Everything else of an event is measurement (C0002).
 */
export const TARGETING_PROPERTIES = [
  "hashedEmail",
  "hashedPhone",
  "hashedPhoneNumber",
  "hashedEmailAddress",
  "hashedAccountInfo",
  "hashedFirstName",
  "hashedLastName",
  "hashedZipCode",
  "hashedCity",
  "hashedState",
  "fbc",
] as const;
