import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardList } from '../../../src/admin/ui/card-list';
import { type Column, Table } from '../../../src/admin/ui/table';

// The console's table and card list (src/admin/ui/): named, hidden with a line when empty, and on
// a phone (`stack`) each table cell carries its heading.

type Row = { id: string; name: string; amount: number };
const columns: Column<Row>[] = [
  { title: 'Market', role: 'title', cell: (r) => r.name },
  { title: 'Stake', cell: (r) => r.amount },
  { title: 'Act', role: 'decide', cell: (r) => <button type="button">Revert {r.name}</button> },
];

afterEach(cleanup);

describe('a console table', () => {
  it('shows each row under its headings, by name', () => {
    const rows = [
      { id: '1', name: 'KALYAN', amount: 10 },
      { id: '2', name: 'MILAN', amount: 20 },
    ];
    render(
      <Table label="Declared results" columns={columns} rows={rows} rowKey={(r) => r.id} empty="None" />,
    );
    const table = screen.getByRole('table', { name: 'Declared results' });
    expect(table.hidden).toBe(false);
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Market', 'Stake', 'Act']);
    expect([...table.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual([
      'KALYAN10Revert KALYAN',
      'MILAN20Revert MILAN',
    ]);
    expect(screen.queryByText('None')).toBeNull();
  });

  it('with no rows hides the table and says so; before the read, says nothing', () => {
    const { rerender } = render(
      <Table label="Winners" columns={columns} rows={null} rowKey={(r) => r.id} empty="No winners yet." />,
    );
    expect(screen.queryByText('No winners yet.')).toBeNull();
    rerender(
      <Table label="Winners" columns={columns} rows={[]} rowKey={(r) => r.id} empty="No winners yet." />,
    );
    screen.getByText('No winners yet.');
    expect(screen.getByRole('table', { hidden: true }).hidden).toBe(true);
  });

  it('stacked for a phone: the title cell heads the card, the others carry their heading', () => {
    render(
      <Table
        label="Stacked"
        stack
        columns={columns}
        rows={[{ id: '1', name: 'KALYAN', amount: 10 }]}
        rowKey={(r) => r.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Stacked' });
    expect(table.className).toBe('stack');
    const cells = [...table.querySelectorAll('tbody td')];
    expect(cells.map((td) => [td.className, td.getAttribute('data-label')])).toEqual([
      ['stack-title', null],
      ['', 'Stake'],
      ['decide', null],
    ]);
  });
});

describe('a console card list', () => {
  const card = (r: Row) => <li className="item">{r.name}</li>;

  it('lists each card by name, in order', () => {
    const rows = [
      { id: '1', name: 'KALYAN', amount: 10 },
      { id: '2', name: 'MILAN', amount: 20 },
    ];
    render(
      <CardList label="Players" items={rows} itemKey={(r) => r.id} empty="No players yet.">
        {card}
      </CardList>,
    );
    const list = screen.getByRole('list', { name: 'Players' });
    expect(list.className).toBe('item-list');
    expect([...list.querySelectorAll('li.item')].map((li) => li.textContent)).toEqual(['KALYAN', 'MILAN']);
    expect(screen.queryByText('No players yet.')).toBeNull();
  });

  it('says it is empty only once the read answered nothing', () => {
    const { rerender } = render(
      <CardList label="Players" items={null} itemKey={(r: Row) => r.id} empty="No players yet.">
        {card}
      </CardList>,
    );
    expect(screen.queryByText('No players yet.')).toBeNull();
    rerender(
      <CardList label="Players" items={[]} itemKey={(r: Row) => r.id} empty="No players yet.">
        {card}
      </CardList>,
    );
    expect(screen.getByText('No players yet.').className).toBe('empty');
  });
});
