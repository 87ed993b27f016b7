import { constants, crc32, deflateRawSync } from "node:zlib";

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A last, empty deflate block (fixed Huffman, end-of-block only): ends the stream. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * A gzip body compressed once with holes in it, each filled per response with a short string (the page cache's CSP
 * nonce, docs/decisions/0059-nonce-per-response-and-openapi.md) without compressing the page again.
 *
 * Gzip is one deflate stream plus a CRC and a length. Each piece between holes is deflated on its own and ended with a
 * sync flush, which leaves it on a byte boundary and not final, so pieces can follow one another; a hole's value goes
 * in as a stored (uncompressed) block; the CRC of the whole is computed per response, which is cheap next to deflate.
 */
export class GzipTemplate {
  private readonly pieces: Buffer[];
  private readonly deflated: Buffer[];

  constructor(text: string, hole: string) {
    this.pieces = (hole ? text.split(hole) : [text]).map((piece) => Buffer.from(piece));
    this.deflated = this.pieces.map((piece) => deflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH }));
  }

  /** The gzip of the text with every hole replaced by value. */
  fill(value: string): Buffer {
    const filler = Buffer.from(value);
    const stored = storedBlock(filler);
    const parts: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let length = 0;
    this.pieces.forEach((piece, i) => {
      if (i > 0) {
        parts.push(stored);
        crc = extendCrc(crc, filler);
        length += filler.length;
      }
      parts.push(this.deflated[i]!);
      crc = extendCrc(crc, piece);
      length += piece.length;
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length % 2 ** 32, 4);
    return Buffer.concat([...parts, FINAL_EMPTY_BLOCK, trailer]);
  }
}

/** zlib answers 0 (its starting value) for the CRC of no bytes at all, whatever CRC it was given: skip empty pieces. */
const extendCrc = (crc: number, bytes: Buffer) => (bytes.length > 0 ? crc32(bytes, crc) : crc);

/** A non-final stored block: a header byte (BFINAL 0, BTYPE 00), then LEN and its one's complement, then the bytes. */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > 0xffff) throw new Error("a stored deflate block holds at most 65535 bytes");
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}
