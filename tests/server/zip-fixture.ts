import { deflateRawSync } from 'node:zlib';

/**
 * Hand-made zip files for the bulk-upload checks (server/adapters/bulk-workbook.ts checkArchive): zip bombs, headers
 * that lie about sizes, ZIP64 markers. The CRC fields are left 0 (the spreadsheet reader does not check them).
 */

/** One entry: its bytes, stored or deflated, and optionally the uncompressed size both headers claim instead of the true one. */
export interface ZipEntry {
  name: string;
  data: Buffer;
  deflate?: boolean;
  claimed?: number;
  /** Adds a ZIP64 extended-information record (id 1) to the central directory entry. */
  zip64Extra?: boolean;
}

/** A zip of `entries` (local headers, central directory, End Of Central Directory record). */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const body = e.deflate ? deflateRawSync(e.data) : e.data;
    const name = Buffer.from(e.name);
    const size = e.claimed ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const extra = e.zip64Extra ? Buffer.from([1, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 1]) : Buffer.alloc(0);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(e.deflate ? 8 : 0, 10);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt16LE(extra.length, 30);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name, extra);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A copy of a real zip whose central directory claims `size` as the uncompressed size of every entry. */
export function withClaimedSizes(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  let eocd = out.length - 22;
  while (out.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  for (let i = 0, p = out.readUInt32LE(eocd + 16); i < out.readUInt16LE(eocd + 8); i++) {
    out.writeUInt32LE(size, p + 24);
    p += 46 + out.readUInt16LE(p + 28) + out.readUInt16LE(p + 30) + out.readUInt16LE(p + 32);
  }
  return out;
}

/** 60 MB of one byte: deflates to about 60 KB. */
export const bombBytes = () => Buffer.alloc(60 * 1024 * 1024, 0x20);
