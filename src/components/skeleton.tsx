import { tCommon as t } from '../i18n/en/common';
/** `count` grey placeholder cards while a list loads (contacts 6, notices 3). */
export function SkeletonCards({ count, label = t('loading') }: { count: number; label?: string }) {
  return (
    <div className="skeleton-list" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="skeleton-card" data-testid="skeleton-card" />
      ))}
    </div>
  );
}
