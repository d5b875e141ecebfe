import { lazy, Suspense, useEffect } from 'react';
import { fetchContact, fetchMaintenance, MAINTENANCE_FAILED } from '../../api/settings';
import { showError } from '../../lib/toast';
import { useAppStore } from '../../store/store';
import { AuthForm } from './auth-form';
import { useAuthFlow } from './use-auth-flow';
import './auth.css';
import { useDropSplash } from '../../lib/splash';

// Shown only after a submit (use-auth-flow.ts starts loading it then): its own chunk, so the
// sign-in screen's first load stays within its budget with the language chooser (issue 22).
const OtpModal = lazy(() => import('./otp-modal').then((m) => ({ default: m.OtpModal })));

// Rarely shown, and it needs the time maths: its own chunk, not part of the sign-in screen's load.
const MaintenanceScreen = lazy(() =>
  import('./maintenance-screen').then((m) => ({ default: m.MaintenanceScreen })),
);

/**
 * The public page `/`: the maintenance screen while maintenance is on, else the auth form. A
 * shared link `/?ref=CODE` opens registration with that referral code.
 */
export function LoginPage({ referralCode }: { referralCode?: string }) {
  useDropSplash();
  const maintenance = useAppStore((s) => s.cache.maintenance.data);
  const whatsapp = useAppStore((s) => s.cache.contact.data?.whatsappnumber ?? null);
  const load = useAppStore((s) => s.load);
  const flow = useAuthFlow(referralCode ? 'register' : 'login', referralCode);

  useEffect(() => {
    void load('maintenance', fetchMaintenance).then((status) => {
      if (status === null)
        showError(useAppStore.getState().cache.maintenance.error?.message ?? MAINTENANCE_FAILED);
      else if (status.isActive) void load('contact', fetchContact);
    });
  }, [load]);

  if (maintenance?.isActive)
    return (
      <Suspense fallback={null}>
        <MaintenanceScreen status={maintenance} whatsapp={whatsapp || null} />
      </Suspense>
    );

  return (
    <main className="auth-page">
      <div className="auth-brand">
        <img src="/icons/icon-192.png" alt="" width={64} height={64} />
        <p className="auth-brand-name">Matka Play</p>
      </div>
      <AuthForm flow={flow} referralCode={referralCode} />
      {flow.otp ? (
        <Suspense fallback={null}>
          <OtpModal
            purpose={flow.otp.purpose}
            phone={flow.otp.phone}
            error={flow.otp.error}
            busy={flow.busy}
            onVerify={(code) => void flow.verify(code)}
            onResend={() => void flow.resend()}
            onCancel={flow.cancelOtp}
            onLogin={flow.otp.purpose === 'registration' ? flow.loginInstead : undefined}
          />
        </Suspense>
      ) : null}
    </main>
  );
}
