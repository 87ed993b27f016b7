/** Sessions: rows in the database named by a signed cookie, so any session can be revoked at once. */
export * from "./sessions";
