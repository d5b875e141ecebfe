import type { ReactNode } from 'react';

/** A centred title and optional text shown when a list has nothing in it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2 className="empty-title">{title}</h2>
      {children ? <p className="empty-text">{children}</p> : null}
    </div>
  );
}
