import { fetchReferrals, REFERRALS_FAILED } from '../../api/referrals';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { REFERRAL_REWARD_POINTS } from '../../contracts/referrals';
import { formatDateShort } from '../../domain/format';
import { useMarketTz } from '../../lib/market-tz';
import { showError, showSuccess } from '../../lib/toast';
import { useLoad } from '../../lib/use-load';
import { useAppStore } from '../../store/store';

/** The link a friend registers with: site origin plus ?ref={referralCode} (product.md section 9). */
export function referralLink(origin: string, code: string): string {
  return `${origin}/?ref=${encodeURIComponent(code)}`;
}

const SHARE_TEXT = `Join me on Matka Play: we both get ${REFERRAL_REWARD_POINTS} points when you register with my link.`;

/** Refer & Earn: the link with Copy and Share, the points cards and the list of referrals. */
export function ReferralPage() {
  const user = useAppStore((s) => s.user);
  const referrals = useLoad('referrals', fetchReferrals);
  const tz = useMarketTz();
  const link = user?.referralCode ? referralLink(window.location.origin, user.referralCode) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showSuccess('Referral link copied to clipboard!');
    } catch {
      showError('Failed to share');
    }
  };

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Refer & Earn', text: SHARE_TEXT, url: link });
      } catch (e) {
        // Closing the share sheet is the player's choice, not a failure.
        if (!(e instanceof DOMException && e.name === 'AbortError')) showError('Failed to share');
      }
      return;
    }
    window.open(`https://wa.me/?text=${encodeURIComponent(`${SHARE_TEXT} ${link}`)}`, '_blank', 'noopener');
  };

  return (
    <Page title="Refer & Earn">
      <p>
        Share your referral link and earn {REFERRAL_REWARD_POINTS} points for each successful registration!
      </p>
      <div className="field">
        <label htmlFor="referral-link">Your referral link</label>
        <input id="referral-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="button-row">
        <button type="button" className="btn btn-primary" onClick={() => void copy()} disabled={!link}>
          Copy
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void share()} disabled={!link}>
          Share
        </button>
      </div>
      <div className="stat-row">
        {user?.referralPoint ? (
          <div className="card stat">
            <span className="stat-label">Points</span>
            <span className="stat-value">{user.referralPoint}</span>
          </div>
        ) : null}
        {user?.referralCount ? (
          <div className="card stat">
            <span className="stat-label">Total Referrals</span>
            <span className="stat-value">{user.referralCount}</span>
          </div>
        ) : null}
      </div>
      <h2 className="section-title">Your Referrals</h2>
      {referrals.data === null && referrals.loading ? <Spinner label="Loading referrals" /> : null}
      {referrals.data === null && referrals.error ? (
        <p className="form-error" role="alert">
          {REFERRALS_FAILED}
        </p>
      ) : null}
      {referrals.data?.length === 0 ? <p className="card-meta">No referrals yet.</p> : null}
      {referrals.data?.map((r) => {
        const done = r.status === 'completed';
        return (
          <article key={r._id} className="card referral-card">
            <div>
              <h3>{r.referee?.name || 'Anonymous User'}</h3>
              {done && r.completedAt ? (
                <p className="card-meta">Completed on {formatDateShort(new Date(r.completedAt), tz)}</p>
              ) : null}
            </div>
            <span className={`badge ${done ? 'badge-success' : 'badge-muted'}`}>{r.status}</span>
          </article>
        );
      })}
    </Page>
  );
}
