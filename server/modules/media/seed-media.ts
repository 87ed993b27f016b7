import { readFile } from "node:fs/promises";
import { isMediaHash, type MediaHash } from "../../../domain/media";
import { fromRoot } from "../../lib/root";

/**
 * TEMPORARY stand-in (h/product): the media helper's seed-media.ts replaces this file on merge (it also exports
 * seedMedia). Only seedMediaHashes is here, with the contract's signature: name -> hash from content/media/manifest.json,
 * and an empty map while the manifest does not exist yet.
 */
export async function seedMediaHashes(): Promise<Map<string, MediaHash>> {
  let entries: { name: string; hash: string }[];
  try {
    entries = JSON.parse(await readFile(fromRoot("content/media/manifest.json"), "utf8"));
  } catch {
    return new Map();
  }
  return new Map(entries.filter((e) => isMediaHash(e.hash)).map((e) => [e.name, e.hash as MediaHash]));
}
