import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ArrowUpIcon, ChatIcon, DiceIcon, PhoneIcon, PlusIcon, StarIcon } from '../../components/icons';
import { whatsappLink } from '../../lib/links';
import { useMoneyMode } from '../../lib/money-mode';

/** Six tile colours (product.md section 2 "Quick tiles"). */
// Each at least 4.5:1 against the tiles' white labels (WCAG AA; Lighthouse checks it).
const TILE_PALETTE = ['#2563eb', '#15803d', '#b45309', '#dc2626', '#7c3aed', '#0e7490'];

type Tile = { label: string; icon: ReactNode } & ({ href: string | null } | { to: string });

/**
 * Call and WhatsApp reach support (the numbers of the contact settings) and need the player's
 * phone: without it they are disabled. The rest open screens; Add Fund and Withdrawal need
 * globel_batting.
 */
export function QuickTiles(props: {
  phone: string | null;
  globelBatting: boolean;
  support: { call: string | null; whatsapp: string | null };
}) {
  const { phone, globelBatting, support } = props;
  const cash = useMoneyMode() === 'real';
  const call = support.call || phone;
  const chat = support.whatsapp || phone;
  const tiles: Tile[] = [
    { label: 'Call', icon: <PhoneIcon />, href: phone && call ? `tel:${call}` : null },
    { label: 'WhatsApp', icon: <ChatIcon />, href: phone && chat ? whatsappLink(chat) : null },
    ...(globelBatting && cash
      ? [
          { label: 'Add Fund', icon: <PlusIcon />, to: '/payment' },
          { label: 'Withdrawal', icon: <ArrowUpIcon />, to: '/withdrawal' },
        ]
      : []),
    { label: 'Starline', icon: <StarIcon />, to: '/starline' },
    { label: 'GaliDisawar', icon: <DiceIcon />, to: '/galidisawar' },
  ];
  return (
    <nav className="quick-tiles" aria-label="Quick actions">
      {tiles.map((t, i) => {
        const style = { background: TILE_PALETTE[i % TILE_PALETTE.length] };
        const body = (
          <>
            <span className="tile-icon">{t.icon}</span>
            <span className="tile-label">{t.label}</span>
          </>
        );
        if ('to' in t) {
          return (
            <Link key={t.label} to={t.to} className="tile" style={style}>
              {body}
            </Link>
          );
        }
        return t.href ? (
          <a key={t.label} href={t.href} className="tile" style={style} target="_blank" rel="noreferrer">
            {body}
          </a>
        ) : (
          <button
            key={t.label}
            type="button"
            className="tile"
            style={style}
            disabled
            aria-label={`${t.label} (no phone)`}
          >
            {body}
          </button>
        );
      })}
    </nav>
  );
}
