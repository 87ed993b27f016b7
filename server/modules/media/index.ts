/** The media library (docs/decisions/0067, 0070): what other modules and the seed may use. */
export { findImages } from "./find-images";
export { seedMedia, seedMediaHashes } from "./seed-media";
