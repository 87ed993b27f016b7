/** Sessions: rows in the database named by a signed cookie, so any session can be revoked at once. */
export * from "./sessions";
/** Credentials (argon2id password hashes, verified email), one-time tokens and the credential throttle. */
export { clearPasswordHash, credentialsOf, deleteCredentials, markEmailVerified, storePasswordHash, type Credentials } from "./credentials";
export { endSessionsOfUnprovenSignUp, proveAddress } from "./address-proof";
export { hashPassword, verifyPassword, warmPasswordDecoy } from "./passwords";
export { deleteTokensOf, pruneAccountTokens, issueLinkToken, issueLoginCode, spendLinkToken, linkTokenIsLive, TOKEN_TTL_MS } from "./tokens";
export { AUTH_RULES, throttleAccountMail, throttleAll } from "./throttle";
/** The account area's emails. */
export { queueAccountEmail, renderAccountEmail, type AccountEmailKind } from "./emails/account-emails";
/** Every way in: password, magic link, code, reset and set-password links, verification. */
export * from "./sign-in";
/** Google and Facebook sign-in: the flow cookie and linked identities. */
export { confirmIdentityOfToken, deleteIdentitiesOf, dropUnprovenIdentities, identitiesOf, identityOf, linkIdentity, linkPendingIdentity, unlinkIdentity, newFlowSecrets, readSocialFlow, signSocialFlow, SOCIAL_FLOW_COOKIE, SOCIAL_FLOW_TTL_MS, type SocialFlow } from "./social";
