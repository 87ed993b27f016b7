/** Analytics: the events the browser and the server record, kept 13 months. */
export * from "./events";
