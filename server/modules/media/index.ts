/** The media library (docs/decisions/0067-media-library.md): originals in, immutable renditions out. */
export { findImages } from "./find-images";
export { ingestImage, prepareImage, storeImage, type IngestInput, type PreparedImage, type StoredImage } from "./ingest";
export { findLibraryAsset, listLibrary, setLibraryAlt, type LibraryAsset } from "./library";
export { readOriginal, type OriginalRef } from "./originals";
export { isMediaFormat, mediaState, mediaVariant, type Variant } from "./serve-variant";
export { seedMedia, seedMediaHashes } from "./seed-media";
