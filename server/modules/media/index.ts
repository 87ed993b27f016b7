/** The media library (ADR 0067): images by content hash, what a page needs to draw them, and the seed's names. */
export { findImages } from "./find-images";
export { libraryImages } from "./library-images";
export { seedMediaHashes } from "./seed-media";
