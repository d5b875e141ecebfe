import { fetchReferrals, REFERRALS_FAILED } from '../../api/referrals';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { REFERRAL_REWARD_POINTS } from '../../contracts/referrals';
import { localize } from '../../i18n/core';
import { tPages as t } from '../../i18n/en/pages';
import { formatDay } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';
import { useAmounts } from '../../lib/money-mode';
import { showError, showSuccess } from '../../lib/toast';
import { useRead } from '../../lib/use-read';
import { useAppStore } from '../../store/store';
import './info.css';

/** The link a friend registers with: site origin plus ?ref={referralCode} (docs/product.md section 9). */
export function referralLink(origin: string, code: string): string {
  return `${origin}/?ref=${encodeURIComponent(code)}`;
}

/**
 * Refer & Earn: the link with Copy and Share, the earnings cards and the list of referrals. The
 * reward is said in the money mode's unit (product.md's '5 points' in points mode, '₹5' in money
 * mode: issue 49).
 */
export function ReferralPage() {
  const user = useAppStore((s) => s.user);
  const amounts = useAmounts();
  const reward = amounts.text(REFERRAL_REWARD_POINTS);
  const shareText = () => t('shareText', { amount: reward });
  const referrals = useRead({ store: 'referrals', fetch: fetchReferrals });
  const tz = useMarketTz();
  const link = user?.referralCode ? referralLink(window.location.origin, user.referralCode) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showSuccess(t('linkCopied'));
    } catch {
      showError(t('shareFailed'));
    }
  };

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('referEarn'), text: shareText(), url: link });
      } catch (e) {
        // Closing the share sheet is the player's choice, not a failure.
        if (!(e instanceof DOMException && e.name === 'AbortError')) showError(t('shareFailed'));
      }
      return;
    }
    window.open(`https://wa.me/?text=${encodeURIComponent(`${shareText()} ${link}`)}`, '_blank', 'noopener');
  };

  return (
    <Page title={t('referEarn')}>
      <p>{t('referText', { amount: reward })}</p>
      <div className="field">
        <label htmlFor="referral-link">{t('yourLink')}</label>
        <input id="referral-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="button-row">
        <button type="button" className="btn btn-primary" onClick={() => void copy()} disabled={!link}>
          {t('copy')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void share()} disabled={!link}>
          {t('share')}
        </button>
      </div>
      <div className="stat-row">
        {user?.referralPoint ? (
          <div className="card stat">
            <span className="stat-label">{t(amounts.mode === 'points' ? 'points' : 'earned')}</span>
            <span className="stat-value">{amounts.value(user.referralPoint)}</span>
          </div>
        ) : null}
        {user?.referralCount ? (
          <div className="card stat">
            <span className="stat-label">{t('totalReferrals')}</span>
            <span className="stat-value">{user.referralCount}</span>
          </div>
        ) : null}
      </div>
      <h2 className="section-title">{t('yourReferrals')}</h2>
      {referrals.data === null && referrals.loading ? <Spinner label={t('loadingReferrals')} /> : null}
      {referrals.data === null && referrals.error ? (
        <p className="form-error" role="alert">
          {localize(REFERRALS_FAILED)}
        </p>
      ) : null}
      {referrals.data?.length === 0 ? <p className="card-meta">{t('noReferrals')}</p> : null}
      {referrals.data?.map((r) => {
        const done = r.status === 'completed';
        return (
          <article key={r._id} className="card referral-card">
            <div>
              <h3>{r.referee?.name || t('anonymous')}</h3>
              {done && r.completedAt ? (
                <p className="card-meta">
                  {t('completedOn', { date: formatDay(new Date(r.completedAt), tz) })}
                </p>
              ) : null}
            </div>
            <span className={`badge ${done ? 'badge-success' : 'badge-muted'}`}>
              {done ? t('completed') : t('pending')}
            </span>
          </article>
        );
      })}
    </Page>
  );
}
