import { tLayout as t } from '../../i18n/en/layout';

/** One side-menu entry: a link, a group of links, or an action handled by the menu itself. */
type MenuLink = { label: string; to: string };
export type MenuEntry =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'group'; label: string; children: MenuLink[] }
  | { kind: 'share' | 'rating'; label: string };

const FAMILY_SUBITEMS = (base: string): MenuLink[] => [
  { label: t('main'), to: `${base}/main` },
  { label: t('starline'), to: `${base}/starline` },
  { label: t('gali'), to: `${base}/galidisawar` },
];

/**
 * The side menu of docs/product.md section 2, in its order. Betting entries appear only when the
 * player's globel_batting is on; Add Fund and Withdrawal only with real money (not in points mode).
 * Responsible Play and Notifications are always one tap away.
 */
export function menuEntries(globelBatting: boolean, moneyMode: 'real' | 'points' = 'real'): MenuEntry[] {
  const cash: MenuEntry[] =
    moneyMode === 'real'
      ? [
          { kind: 'link', label: t('addFund'), to: '/payment' },
          { kind: 'link', label: t('withdrawal'), to: '/withdrawal' },
        ]
      : [];
  const betting: MenuEntry[] = globelBatting
    ? [
        { kind: 'link', label: t('wallet'), to: '/wallet' },
        ...cash,
        {
          kind: 'group',
          label: t('gameChart'),
          children: [
            // The main markets' weekly charts, one tap from the list of markets (issue 39).
            { label: t('mainChart'), to: '/game-chart' },
            { label: t('starlineChart'), to: '/starline-chart' },
            { label: t('galiChart'), to: '/galidisawar-chart' },
          ],
        },
        { kind: 'group', label: t('bidHistory'), children: FAMILY_SUBITEMS('/bid-history') },
        { kind: 'group', label: t('winHistory'), children: FAMILY_SUBITEMS('/win-history') },
        { kind: 'group', label: t('gameRate'), children: FAMILY_SUBITEMS('/game-rate') },
      ]
    : [];
  return [
    { kind: 'link', label: t('home'), to: '/home' },
    { kind: 'link', label: t('profile'), to: '/profile' },
    ...betting,
    { kind: 'link', label: t('contactUs'), to: '/contact-us' },
    { kind: 'link', label: t('appSetting'), to: '/app-setting' },
    { kind: 'link', label: t('howToPlay'), to: '/how-to-play' },
    { kind: 'share', label: t('share') },
    { kind: 'rating', label: t('rating') },
    { kind: 'link', label: t('notice'), to: '/notice' },
    { kind: 'link', label: t('referEarn'), to: '/referral' },
    { kind: 'link', label: t('responsiblePlay'), to: '/responsible-play' },
    { kind: 'link', label: t('notifications'), to: '/notifications' },
  ];
}

/** The share-by-message link: a WhatsApp message with the app's address. */
export function shareMessageLink(origin: string): string {
  const text = t('shareText', { url: origin });
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
