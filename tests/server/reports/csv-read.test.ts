/**
 * server/services/reports/csv-read.ts: CSV as operators upload it (a bank's answer to a payout
 * batch), read back as csv.ts writes it, with the line each record starts on.
 */
import { describe, expect, it } from 'vitest';
import { csvLine } from '../../../server/services/reports/csv';
import { CsvSyntaxError, readCsv } from '../../../server/services/reports/csv-read';

describe('readCsv', () => {
  it.each([
    [
      'plain, LF',
      'a,b\n1,2\n',
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    [
      'CRLF and no final line end',
      'a,b\r\n1,2',
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    [
      'a byte order mark',
      '\uFEFFreference,status\nx,paid\n',
      [
        [1, ['reference', 'status']],
        [2, ['x', 'paid']],
      ],
    ],
    [
      'blank lines skipped, lines still counted',
      'a\n\n\nb\n',
      [
        [1, ['a']],
        [4, ['b']],
      ],
    ],
    ['quoted comma and doubled quotes', '"x,1","say ""hi"""\n', [[1, ['x,1', 'say "hi"']]]],
    [
      'a line break inside quotes',
      'h\n"two\nlines",z\nnext\n',
      [
        [1, ['h']],
        [2, ['two\nlines', 'z']],
        [4, ['next']],
      ],
    ],
    ['empty cells', ',,\n', [[1, ['', '', '']]]],
    [
      'a lone CR ends a record',
      'a\rb',
      [
        [1, ['a']],
        [2, ['b']],
      ],
    ],
  ] as const)('%s', (_name, text, records) => {
    expect(readCsv(text).map((r) => [r.line, r.cells])).toEqual(records);
  });

  it('opens a quote after spaces, and skips a line of spaces', () => {
    expect(readCsv('a,  "b,c"\n   \nd\n').map((r) => [r.line, r.cells])).toEqual([
      [1, ['a', 'b,c']],
      [3, ['d']],
    ]);
  });

  it('reads a tab-separated file by its tabs when asked, commas otherwise', () => {
    const tsv = 'Date\tNarration\n01/11/26\tUPI/433212345678/x,y\n';
    expect(readCsv(tsv, { tabs: true }).map((r) => r.cells)).toEqual([
      ['Date', 'Narration'],
      ['01/11/26', 'UPI/433212345678/x,y'],
    ]);
    expect(readCsv(tsv)[1]?.cells).toEqual(['01/11/26\tUPI/433212345678/x', 'y']);
  });

  it('refuses a file past its limits, naming the line', () => {
    expect(() => readCsv('a\nb\nc\n', { maxRecords: 2 })).toThrow('more than 2 lines');
    expect(() => readCsv('a,b\nc,d,e\n', { maxCells: 2 })).toThrow(
      expect.objectContaining({ line: 2, message: 'Line 2 has more than 2 cells' }),
    );
  });

  it('reads back what csv.ts writes, formula guards included', () => {
    const cells = ['=1+1', 'a,"b"', 'line\nbreak', ' blank ', '-12.50', ''];
    expect(readCsv(csvLine(cells) + csvLine(['x'])).map((r) => r.cells)).toEqual([
      ["'=1+1", 'a,"b"', 'line\nbreak', ' blank ', '-12.50', ''],
      ['x'],
    ]);
  });

  it('refuses a quote left open, naming the line it opened on', () => {
    expect(() => readCsv('a,b\nc,"open\nmore\n')).toThrow(CsvSyntaxError);
    try {
      readCsv('a,b\nc,"open\nmore\n');
    } catch (e) {
      expect((e as CsvSyntaxError).line).toBe(2);
      expect((e as Error).message).toBe('A quote opened on line 2 is never closed');
    }
  });
});
