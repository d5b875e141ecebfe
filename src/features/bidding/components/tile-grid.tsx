import { memo } from 'react';

type TileProps = {
  value: string;
  label?: string;
  selected: boolean;
  badge: string | null;
  blocked: boolean;
  onTap: (value: string) => void;
};

/**
 * One toggle. Memoised with a stable onTap so a tap re-renders one tile, not the 220-tile grid.
 * A blocked tile is aria-disabled rather than disabled so a tap can still say why
 * ('Please enter amount first').
 */
const Tile = memo(function Tile({ value, label, selected, badge, blocked, onTap }: TileProps) {
  return (
    <button
      type="button"
      className={`bid-tile${selected ? ' is-selected' : ''}`}
      aria-label={value}
      aria-pressed={selected}
      aria-disabled={blocked}
      onClick={() => onTap(value)}
    >
      <span className="bid-tile-value">{value}</span>
      {label ? <span className="bid-tile-label">{label}</span> : null}
      {selected && badge ? <span className="bid-tile-badge">{badge}</span> : null}
    </button>
  );
});

export type TileGridProps = {
  values: readonly string[];
  selected: ReadonlySet<string>;
  columns: 5 | 10;
  /** Shown on selected tiles: the entered amount. Only they get it, so typing re-renders only them. */
  badge: string | null;
  blocked: boolean;
  /** A per-tile caption such as the digit type ('Left', 'SP'). */
  labelFor?: (value: string) => string | undefined;
  onTap: (value: string) => void;
  ariaLabel: string;
};

export function TileGrid({
  values,
  selected,
  columns,
  badge,
  blocked,
  labelFor,
  onTap,
  ariaLabel,
}: TileGridProps) {
  return (
    <fieldset className={`bid-grid bid-grid-${columns}`} aria-label={ariaLabel}>
      {values.map((v) => (
        <Tile
          key={v}
          value={v}
          label={labelFor?.(v)}
          selected={selected.has(v)}
          badge={selected.has(v) ? badge : null}
          blocked={blocked}
          onTap={onTap}
        />
      ))}
    </fieldset>
  );
}
