/** Analytics: the consent-gated event pipeline, its destination, order attribution and experiments (ADR 0013, 0022). */
export * from "./events";
export { eventsNamed, ingestEvents, saveUsdRates, seedUsdRates, type IngestContext, type IngestResult } from "./ingest";
export { deadLetters, destinationOf, FORWARD_EVENTS, FORWARD_RETRY_DELAY_SECONDS, FORWARD_RETRY_LIMIT, forwardEvents, setDestination, type ForwardJob } from "./forward";
export { assignExperiment, experimentNames, experimentReport, experimentsFor, formatExperimentReport, servedExperimentsOf, serveExperiments, type Assignment, type ExperimentReport } from "./experiments";
export { consoleExperimentNamed, consoleExperimentRows, experimentDefinitionNamed, experimentDefinitions, EXPERIMENTS_CHANGED, forgetExperimentDefinitions, insertConsoleExperiment, updateConsoleExperiment } from "./console-experiments";
export { EXPERIMENT_STATE_CACHE_MS, forgetExperimentStateCache, setExperimentState, stoppedExperiments, storedExperimentStates } from "./experiment-states";
export { orderAttributionPart, recordOrderAttribution } from "./attribution";
