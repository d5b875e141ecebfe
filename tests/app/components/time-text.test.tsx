import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeText } from '../../../src/components/time-text';

afterEach(cleanup);

describe('TimeText (issue 49: "11:15 / AM" wrapped in the market header)', () => {
  it('keeps every time on one line and the text as it was', () => {
    const { container } = render(
      <h1>
        <TimeText text="Single Digit (10 KA 95) - MILAN MORNING 10:15 AM - 11:15 AM" />
      </h1>,
    );
    const kept = [...container.querySelectorAll('.nowrap')].map((s) => s.textContent);
    expect(kept).toEqual(['10:15 AM', '11:15 AM']);
    expect(container.textContent).toBe('Single Digit (10 KA 95) - MILAN MORNING 10:15 AM - 11:15 AM');
  });

  it('leaves a line without times alone', () => {
    const { container } = render(<TimeText text="Starline" />);
    expect(container.innerHTML).toBe('Starline');
  });
});
