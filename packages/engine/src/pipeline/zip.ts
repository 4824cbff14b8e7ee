import { crc32 } from 'node:zlib';

/** One file of a ZIP archive. */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** 1.0: stored entries need nothing newer; "made by" says Unix so that the permissions below count. */
const VERSION_NEEDED = 10;
const VERSION_MADE_BY = (3 << 8) | 20;
/** Bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
/** 1980-01-01 00:00, the DOS epoch: a fixed date keeps the same result byte for byte the same. */
const DOS_TIME = 0;
const DOS_DATE = (1 << 5) | 1;
/** -rw-r--r-- in the upper half of the external attributes (Unix). */
const FILE_MODE = 0o100644 << 16;
const MAX_32 = 0xffffffff;

/**
 * A ZIP archive of stored (uncompressed) entries: local headers, the data, the central directory
 * and its end record. Our entries are JPEG and PNG, compressed already, so deflating them again
 * would cost time for nothing. No ZIP64: every size and offset must stay under 4 GiB.
 */
export function writeZip(entries: readonly ZipEntry[]): Buffer {
  const parts: Uint8Array[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.data.length;
    if (size > MAX_32 || offset > MAX_32) throw new RangeError('ZIP entry too large (no ZIP64)');
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION_NEEDED, 4);
    writeCommon(local, 6, { crc, size, nameLength: name.length });
    name.copy(local, 30);
    const record = Buffer.alloc(46 + name.length);
    record.writeUInt32LE(CENTRAL_HEADER, 0);
    record.writeUInt16LE(VERSION_MADE_BY, 4);
    record.writeUInt16LE(VERSION_NEEDED, 6);
    writeCommon(record, 8, { crc, size, nameLength: name.length });
    // Comment length, disk number and internal attributes (at 32..37) stay 0.
    record.writeUInt32LE(FILE_MODE >>> 0, 38);
    record.writeUInt32LE(offset, 42);
    name.copy(record, 46);
    parts.push(local, entry.data);
    central.push(record);
    offset += local.length + size;
  }
  const directorySize = central.reduce((sum, record) => sum + record.length, 0);
  if (offset > MAX_32 || entries.length > 0xffff) throw new RangeError('ZIP too large (no ZIP64)');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}

/** The fields local and central headers share, from "flags" to "extra field length". */
function writeCommon(
  buffer: Buffer,
  at: number,
  fields: { crc: number; size: number; nameLength: number },
): void {
  buffer.writeUInt16LE(UTF8_NAMES, at);
  buffer.writeUInt16LE(0, at + 2); // method 0: stored
  buffer.writeUInt16LE(DOS_TIME, at + 4);
  buffer.writeUInt16LE(DOS_DATE, at + 6);
  buffer.writeUInt32LE(fields.crc, at + 8);
  buffer.writeUInt32LE(fields.size, at + 12); // compressed size
  buffer.writeUInt32LE(fields.size, at + 16);
  buffer.writeUInt16LE(fields.nameLength, at + 20);
  buffer.writeUInt16LE(0, at + 22); // extra field length
}
