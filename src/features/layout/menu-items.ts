/** One side-menu entry: a link, a group of links, or an action handled by the menu itself. */
type MenuLink = { label: string; to: string };
export type MenuEntry =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'group'; label: string; children: MenuLink[] }
  | { kind: 'share' | 'rating'; label: string };

const FAMILY_SUBITEMS = (base: string): MenuLink[] => [
  { label: 'Main', to: `${base}/main` },
  { label: 'Starline', to: `${base}/starline` },
  { label: 'Gali', to: `${base}/galidisawar` },
];

/**
 * The side menu of product.md section 2, in its order. Betting entries appear only when the
 * player's globel_batting is on; Add Fund and Withdrawal only with real money (not in points mode).
 * Responsible Play is always one tap away.
 */
export function menuEntries(globelBatting: boolean, moneyMode: 'real' | 'points' = 'real'): MenuEntry[] {
  const cash: MenuEntry[] =
    moneyMode === 'real'
      ? [
          { kind: 'link', label: 'Add Fund', to: '/payment' },
          { kind: 'link', label: 'Withdrawal', to: '/withdrawal' },
        ]
      : [];
  const betting: MenuEntry[] = globelBatting
    ? [
        { kind: 'link', label: 'Wallet', to: '/wallet' },
        ...cash,
        {
          kind: 'group',
          label: 'Game Chart',
          children: [
            { label: 'Starline Chart', to: '/starline-chart' },
            { label: 'Gali Chart', to: '/galidisawar-chart' },
          ],
        },
        { kind: 'group', label: 'Bid History', children: FAMILY_SUBITEMS('/bid-history') },
        { kind: 'group', label: 'Win History', children: FAMILY_SUBITEMS('/win-history') },
        { kind: 'group', label: 'Game Rate', children: FAMILY_SUBITEMS('/game-rate') },
      ]
    : [];
  return [
    { kind: 'link', label: 'Home', to: '/home' },
    { kind: 'link', label: 'Profile', to: '/profile' },
    ...betting,
    { kind: 'link', label: 'Contact Us', to: '/contact-us' },
    { kind: 'link', label: 'App Setting', to: '/app-setting' },
    { kind: 'link', label: 'How to Play', to: '/how-to-play' },
    { kind: 'share', label: 'Share' },
    { kind: 'rating', label: 'Rating' },
    { kind: 'link', label: 'Notice', to: '/notice' },
    { kind: 'link', label: 'Refer & Earn', to: '/referral' },
    { kind: 'link', label: 'Responsible Play', to: '/responsible-play' },
  ];
}

/** The share-by-message link: a WhatsApp message with the app's address. */
export function shareMessageLink(origin: string): string {
  const text = `Play main, starline and galidisawar markets on Matka Play: ${origin}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
