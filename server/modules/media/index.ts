/** The media library (docs/decisions/0067-media-library.md): originals in, immutable renditions out. */
export { findImages } from "./find-images";
export { seedMediaHashes } from "./seed-media";
