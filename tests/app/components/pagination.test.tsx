import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow } from '../../../src/components/pagination';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [7, 10, [5, 6, 7, 8, 9]],
    [10, 10, [6, 7, 8, 9, 10]],
    [4, 5, [1, 2, 3, 4, 5]],
  ])('page %i of %i shows %j', (page, total, expected) => {
    expect(pageWindow(page, total)).toEqual(expected);
  });
});

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPage={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('marks the current page and moves with previous and next', () => {
    const onPage = vi.fn();
    render(<Pagination page={2} totalPages={8} onPage={onPage} />);
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('button')).toHaveLength(7);
    fireEvent.click(screen.getByLabelText('Next page'));
    fireEvent.click(screen.getByLabelText('Previous page'));
    fireEvent.click(screen.getByRole('button', { name: '5' }));
    expect(onPage.mock.calls).toEqual([[3], [1], [5]]);
  });
});
