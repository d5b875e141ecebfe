import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ArrowUpIcon, ChatIcon, DiceIcon, PhoneIcon, PlusIcon, StarIcon } from '../../components/icons';
import { tHome as t } from '../../i18n/en/home';
import { whatsappLink } from '../../lib/links';
import { useMoneyMode } from '../../lib/money-mode';

/** Six tile colours (docs/product.md section 2 "Quick tiles"). */
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
    { label: t('call'), icon: <PhoneIcon />, href: phone && call ? `tel:${call}` : null },
    { label: t('whatsapp'), icon: <ChatIcon />, href: phone && chat ? whatsappLink(chat) : null },
    ...(globelBatting && cash
      ? [
          { label: t('addFund'), icon: <PlusIcon />, to: '/payment' },
          { label: t('withdrawal'), icon: <ArrowUpIcon />, to: '/withdrawal' },
        ]
      : []),
    { label: t('starline'), icon: <StarIcon />, to: '/starline' },
    { label: t('galiDisawar'), icon: <DiceIcon />, to: '/galidisawar' },
  ];
  return (
    <nav className="quick-tiles" aria-label={t('quickActions')}>
      {tiles.map((tile, i) => {
        const style = { background: TILE_PALETTE[i % TILE_PALETTE.length] };
        const body = (
          <>
            <span className="tile-icon">{tile.icon}</span>
            <span className="tile-label">{tile.label}</span>
          </>
        );
        if ('to' in tile) {
          return (
            <Link key={tile.label} to={tile.to} className="tile" style={style}>
              {body}
            </Link>
          );
        }
        return tile.href ? (
          <a
            key={tile.label}
            href={tile.href}
            className="tile"
            style={style}
            target="_blank"
            rel="noreferrer"
          >
            {body}
          </a>
        ) : (
          <button
            key={tile.label}
            type="button"
            className="tile"
            style={style}
            disabled
            aria-label={t('noPhone', { label: tile.label })}
          >
            {body}
          </button>
        );
      })}
    </nav>
  );
}
