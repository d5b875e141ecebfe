import { useEffect, useRef, useState } from 'react';
import { addFund } from '../../api/funds';
import { createOnceKeys } from '../../api/idempotency';
import { BalanceCard } from '../../components/balance-card';
import { Page } from '../../components/page';
import { usePausedMessage } from '../../lib/paused-message';
import { showError } from '../../lib/toast';
import { useAppStore } from '../../store/store';
import { AddFundForm } from './add-fund-form';
import { FundHistory } from './fund-history';
import './funds.css';
import { currentLanguage } from '../../i18n/core';
import { tMoney as t } from '../../i18n/en/money';

/** Sends the browser to the checkout page: a full-page load, the gateway is not part of the app. */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}

/** Add Fund: amount, quick amounts, Proceed to the payment page, and the Fund History. */
export function PaymentPage({ navigate = goToCheckout }: { navigate?: (url: string) => void } = {}) {
  const balance = useAppStore((s) => s.user?.balance ?? 0);
  const [amount, setAmount] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const keys = useRef(createOnceKeys());
  const paused = usePausedMessage();

  // Back from the checkout page the browser may restore this page as it was left: busy.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setSubmitting(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const proceed = async () => {
    const value = Number(amount);
    if (!Number.isInteger(value) || value <= 0) return;
    setSubmitting(true);
    try {
      const created = await addFund(value, keys.current.keyFor(JSON.stringify({ amount: value })));
      keys.current.settle();
      // The checkout page speaks the app's language when told it.
      const sep = created.paymentUrl.includes('?') ? '&' : '?';
      navigate(`${created.paymentUrl}${sep}lang=${currentLanguage()}`);
    } catch (error) {
      keys.current.settle(error);
      showError((error as Error).message);
      setSubmitting(false);
    }
  };

  return (
    <Page title={t('addFund')}>
      <BalanceCard label={t('currentBalance')} balance={balance}>
        <AddFundForm
          amount={amount}
          onAmount={setAmount}
          submitting={submitting}
          onProceed={() => void proceed()}
          paused={paused}
        />
        {/* A plain link: this page also renders outside the router (its tests); the shell is cached. */}
        <a href="/responsible-play" className="fund-limits-link">
          {t('depositLimitLink')}
        </a>
      </BalanceCard>
      <FundHistory />
    </Page>
  );
}
