import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { fetchAppLink } from '../../api/settings';
import { ChevronIcon, CloseIcon } from '../../components/icons';
import { tLayout as t } from '../../i18n/en/layout';
import { installApp, useInstall } from '../../lib/install';
import { useMoneyMode } from '../../lib/money-mode';
import { useRead } from '../../lib/use-read';
import { useAppStore } from '../../store/store';
import { menuEntries, shareMessageLink } from './menu-items';

// The logout question loads when asked: the dialog and its modal are not home's first load
// (issue 49 kept home within its budget so).
const ConfirmDialog = lazy(() =>
  import('../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

// The chooser comes with the sign-in screen; here it loads when the menu is first opened, so a
// cold home screen does not download it (tests/e2e/field.test.ts budget).
const LanguagePicker = lazy(() =>
  import('../../components/language-picker').then((m) => ({ default: m.LanguagePicker })),
);

function appLinkOf(data: unknown): string | null {
  if (typeof data === 'string') return data || null;
  const link = (data as { applink?: string } | null)?.applink;
  return link || null;
}

/** The slide-in menu. Only one submenu is open at a time; tapping a link closes the menu. */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useAppStore((s) => s.user);
  // Read when the menu opens (Share App and the app's link).
  const appLink = appLinkOf(useRead({ store: 'appLink', fetch: fetchAppLink, enabled: open }).data);
  const logout = useAppStore((s) => s.logout);
  const navigate = useNavigate();
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const canInstall = useInstall((s) => s.prompt !== null);
  const moneyMode = useMoneyMode();
  // The menu's links mount just after the page, in a deferred render that React does in slices:
  // the page's own first render (synchronous) is spared them while the menu is still shut.
  const linksReady = useDeferredValue(true, open);

  const doLogout = async () => {
    setConfirming(false);
    onClose();
    await logout();
    await navigate({ to: '/' });
  };

  return (
    <>
      <div className={`drawer-backdrop${open ? ' open' : ''}`} onClick={onClose} aria-hidden="true" />
      <nav
        className={`drawer${open ? ' open' : ''}`}
        aria-label={t('mainMenu')}
        aria-hidden={!open}
        inert={!open}
      >
        <div className="drawer-head">
          <div className="drawer-user">
            <span className="avatar small" aria-hidden="true">
              {user?.name?.charAt(0).toUpperCase() ?? '?'}
            </span>
            <div>
              <p className="drawer-name">{user?.name ?? t('player')}</p>
              <p className="drawer-phone">{user?.phone ?? ''}</p>
            </div>
          </div>
          <button type="button" className="icon-button" aria-label={t('closeMenu')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {/* The language first, not below a long list (issue 39). */}
        {open ? (
          <Suspense fallback={<div className="drawer-language-slot" />}>
            <LanguagePicker className="drawer-language" />
          </Suspense>
        ) : null}
        <ul className="drawer-list">
          {(linksReady ? menuEntries(user?.globel_batting === true, moneyMode) : []).map((entry) => {
            if (entry.kind === 'link') {
              return (
                <li key={entry.label}>
                  <Link to={entry.to} className="drawer-item" onClick={onClose}>
                    {entry.label}
                  </Link>
                </li>
              );
            }
            if (entry.kind === 'group') {
              const expanded = openGroup === entry.label;
              return (
                <li key={entry.label}>
                  <button
                    type="button"
                    className="drawer-item drawer-group"
                    aria-expanded={expanded}
                    onClick={() => setOpenGroup(expanded ? null : entry.label)}
                  >
                    {entry.label}
                    <ChevronIcon open={expanded} size={18} />
                  </button>
                  {expanded ? (
                    <ul className="drawer-sublist">
                      {entry.children.map((c) => (
                        <li key={c.to}>
                          <Link to={c.to} className="drawer-subitem" onClick={onClose}>
                            {c.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            }
            const href = entry.kind === 'share' ? shareMessageLink(window.location.origin) : appLink;
            return (
              <li key={entry.label}>
                {href ? (
                  <a className="drawer-item" href={href} target="_blank" rel="noreferrer" onClick={onClose}>
                    {entry.label}
                  </a>
                ) : (
                  <span className="drawer-item disabled" aria-disabled="true">
                    {entry.label}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {canInstall ? (
          <button
            type="button"
            className="btn btn-primary btn-block drawer-install"
            onClick={() => {
              onClose();
              void installApp();
            }}
          >
            {t('installApp')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-danger btn-block drawer-logout"
          onClick={() => setConfirming(true)}
        >
          {t('logout')}
        </button>
      </nav>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('logout')}
            message={t('logoutQuestion')}
            confirmLabel={t('logout')}
            onConfirm={() => void doLogout()}
            onCancel={() => setConfirming(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
