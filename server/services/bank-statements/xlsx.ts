import type * as Fflate from 'fflate';
import { badRequest } from '../errors';
import type { Cell } from './cells';
import { MAX_LINES } from './csv';

/**
 * An .xlsx file is a zip of XML files. A small upload can unpack to gigabytes (a "zip bomb"), and
 * the spreadsheet library unpacks everything in memory: so the archive is first inflated here,
 * counting, in small steps (each step's output stays within a few megabytes) and refused past this.
 * A month of a busy account's statement unpacks to a few megabytes.
 */
export const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** Input fed to the inflater per step: 4 KB of deflate data unpacks to at most about 4 MB. */
const STEP = 4096;

const TOO_BIG = `This spreadsheet unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB: upload a shorter period or a CSV`;
const NOT_XLSX = 'This file is not an Excel .xlsx spreadsheet that can be read';

/**
 * Inflates every entry of the archive without keeping any of it, and answers how many bytes they
 * unpack to; throws (400) once that passes MAX_UNPACKED_BYTES, or when the archive is not a zip.
 */
function unpackedSize(bytes: Uint8Array, { Unzip, UnzipInflate }: typeof Fflate): number {
  let total = 0;
  let over = false;
  const unzip = new Unzip((file) => {
    file.ondata = (error, chunk) => {
      if (error) throw error;
      total += chunk.length;
      if (total > MAX_UNPACKED_BYTES) {
        over = true;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !over; at += STEP) {
      unzip.push(bytes.subarray(at, at + STEP), at + STEP >= bytes.length);
    }
  } catch {
    if (!over) throw badRequest(NOT_XLSX);
  }
  if (over) throw badRequest(TOO_BIG);
  return total;
}

/**
 * The first sheet's rows, through the maintained read-excel-file library, after the archive's
 * unpacked size was checked. Dates come as Date (the day shown), numbers as numbers.
 */
export async function xlsxRows(bytes: Uint8Array): Promise<Cell[][]> {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw badRequest(NOT_XLSX);
  // The zip and spreadsheet readers load with the first .xlsx upload, not at start: an operator
  // uploads a statement now and then, and their code would otherwise sit in every process's heap.
  const [fflate, { readSheet }] = await Promise.all([import('fflate'), import('read-excel-file/node')]);
  unpackedSize(bytes, fflate);
  let rows: Cell[][];
  try {
    rows = (await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) as Cell[][];
  } catch {
    throw badRequest(NOT_XLSX);
  }
  if (rows.length > MAX_LINES)
    throw badRequest(`This file has more than ${MAX_LINES} lines: upload a shorter period`);
  return rows;
}
