import type { ErrorComponentProps } from '@tanstack/react-router';
import { tCommon as t } from '../../i18n/en/common';
import { useDropSplash } from '../../lib/splash';
import './error-page.css';

/** The router's fallback (docs/product.md section 2): a crash or an unknown path lands here. */
export function ErrorPage({ error }: Partial<ErrorComponentProps>) {
  useDropSplash();
  const detail = error instanceof Error ? error.message : null;
  return (
    <main className="error-page" role="alert">
      <h1>{t('errorTitle')}</h1>
      {detail ? <p className="error-detail">{detail}</p> : null}
      <a className="btn btn-primary" href="/home">
        {t('goHome')}
      </a>
    </main>
  );
}

export function NotFoundPage() {
  return <ErrorPage error={new Error(t('notFound'))} />;
}
