import { Link } from '@tanstack/react-router';
import { LanguagePicker } from '../../components/language-picker';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { tScreens as t } from '../../i18n/en/screens';
import { amountText, PointsNotice, useMoneyMode } from '../../lib/money-mode';
import { useAppStore } from '../../store/store';
import './profile.css';
import { PasswordChange } from './password-change';
import { PayoutDetails } from './payout-details';

/**
 * Name, phone, account status, balance (rupees or points: the money mode), avatar; fund buttons only with globel_batting.
 * Below, what a player changes about their account (issue 39): the language, the saved payout
 * details (with real money and betting on) and the password.
 */
export function ProfilePage() {
  const user = useAppStore((s) => s.user);
  const mode = useMoneyMode();
  const cash = mode === 'real';
  if (!user) return <Spinner label={t('loadingProfile')} />;
  return (
    <Page title={t('profile')} className="profile">
      <div className="profile-card">
        {user.image ? (
          <img className="avatar large" src={user.image} alt={user.name} />
        ) : (
          <span className="avatar large" aria-hidden="true">
            {user.name.charAt(0).toUpperCase()}
          </span>
        )}
        <h2 className="profile-name">{user.name}</h2>
        <p className="profile-phone">{user.phone}</p>
        <span className={`badge ${user.isVerified ? 'badge-success' : 'badge-muted'}`}>
          {user.isVerified ? t('verified') : t('notVerified')}
        </span>
      </div>
      <dl className="profile-facts">
        <div>
          <dt>{t('currentBalance')}</dt>
          <dd>{amountText(user.balance, mode)}</dd>
        </div>
      </dl>
      <PointsNotice />
      {user.globel_batting && cash ? (
        <div className="button-row">
          <Link to="/payment" className="btn btn-primary">
            {t('addFund')}
          </Link>
          <Link to="/withdrawal" className="btn btn-secondary">
            {t('withdrawal')}
          </Link>
        </div>
      ) : null}
      <section className="profile-section">
        <LanguagePicker className="profile-language" />
      </section>
      {user.globel_batting && cash ? <PayoutDetails /> : null}
      <section className="profile-section">
        <PasswordChange />
      </section>
    </Page>
  );
}
