/** Event names the shell sends (SPEC.md section 7). */
export const EVENTS = {
  siteDown: "Site Down",
  navMenuClick: "Nav Menu Click",
  navSubmenuClick: "Nav Submenu Click",
  mobileNavMenuClick: "Mobile Nav Menu Click",
  hamburgerMenuClick: "Hamburger Menu Click",
  loginButtonClicked: "Login button clicked",
  logoutClicked: "Logout clicked",
  earn: "Earn",
  quizStarted: "Quiz Started",
  emailSubmitted: "Email Submitted",
  buttonClicked: "Button Clicked",
} as const;
