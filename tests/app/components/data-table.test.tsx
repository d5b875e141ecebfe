import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Column, DataTable } from '../../../src/components/data-table';

type Row = { id: string; name: string; paise: number };
const ROWS: Row[] = [
  { id: 'a', name: 'Alpha', paise: 100 },
  { id: 'b', name: 'Beta', paise: -5 },
];
const COLUMNS: Column<Row>[] = [
  { header: 'Name', className: 'name', cell: (r) => r.name },
  { header: 'Amount', className: (r) => (r.paise < 0 ? 'debit' : 'credit'), cell: (r) => <b>{r.paise}</b> },
  { header: 'Plain', cell: () => '-' },
];

afterEach(cleanup);

describe('DataTable', () => {
  it('renders the headers as column headers and one row per item, in order', () => {
    render(<DataTable className="fund-table" rows={ROWS} columns={COLUMNS} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Amount', 'Plain']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Alpha', '100', '-'],
      ['Beta', '-5', '-'],
    ]);
  });

  it('puts the screen class on the wrapper and fixed or per-row classes on the cells', () => {
    const { container } = render(
      <DataTable className="wallet-table" rows={ROWS} columns={COLUMNS} rowKey={(r) => r.id} />,
    );
    expect(container.firstElementChild?.className).toBe('data-table-wrap wallet-table');
    expect(container.querySelectorAll('.wallet-table tbody tr')).toHaveLength(2);
    const cells = [...container.querySelectorAll('tbody tr:last-child td')];
    expect(cells.map((c) => c.getAttribute('class'))).toEqual(['name', 'debit', null]);
    expect(container.querySelector('tbody tr:first-child td:nth-child(2)')?.className).toBe('credit');
  });

  it('renders an empty body for no rows (the screen shows its empty state instead)', () => {
    const { container } = render(
      <DataTable className="x" rows={[]} columns={COLUMNS} rowKey={(r) => r.id} />,
    );
    expect(container.querySelectorAll('tbody tr')).toHaveLength(0);
  });
});
