/** Event names the shell sends (SPEC.md section 7). */
export const EVENTS = {
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
  emailSubmitted: "Email Submitted",
  buttonClicked: "Button Clicked",
} as const;
