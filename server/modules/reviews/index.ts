/** Reviews from verified buyers: what pages say about them is counted from approved rows. */
export { reviewSummary } from "./summary";
