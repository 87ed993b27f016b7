export { cohortRows, dailyNet, recurringGroups, renewalCounts, revenueRows, subscriptionsByStatus } from "./figures";
