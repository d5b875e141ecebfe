import type { Maintenance } from '../../api/types';
import { ChatIcon } from '../../components/icons';
import { tMaintenance as t } from '../../i18n/en/maintenance';
import { dateTimeParts } from '../../lib/dates';
import { whatsappLink } from '../../lib/links';
import { useMarketTz } from '../../lib/market-tz';
import './maintenance.css';

/**
 * The expected completion as every other date and time of the app shows one (short date, 12-hour
 * time, market zone), or null when none is set or it is unreadable.
 */
function completionText(iso: string | undefined, tz: string): string | null {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return null;
  return dateTimeParts(iso, tz).join(', ');
}

/** Replaces the login page while maintenance is active (docs/product.md section 2). */
export function MaintenanceScreen({ status, whatsapp }: { status: Maintenance; whatsapp: string | null }) {
  const until = completionText(status.completiondatetime, useMarketTz());
  return (
    <main className="maintenance">
      <div className="maintenance-card">
        <div className="maintenance-badge" aria-hidden="true">
          ⚙
        </div>
        <h1>{t('maintenanceTitle')}</h1>
        {status.title ? <h2 className="maintenance-subtitle">{status.title}</h2> : null}
        <p className="maintenance-message">{status.message || t('maintenanceDefault')}</p>
        {until ? (
          <p className="maintenance-until">
            {t('maintenanceUntil')} <strong>{until}</strong>
          </p>
        ) : null}
        <p className="maintenance-support">{t('maintenanceSupport')}</p>
        {whatsapp ? (
          <a className="btn btn-whatsapp" href={whatsappLink(whatsapp)} target="_blank" rel="noreferrer">
            <ChatIcon size={18} /> {t('contactWhatsapp')}
          </a>
        ) : null}
      </div>
    </main>
  );
}
