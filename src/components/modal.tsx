import { type ReactNode, useEffect, useId } from 'react';
import { tCommon as t } from '../i18n/en/common';
import './modal.css';

/**
 * A centred dialog over a dimmed page. Escape and the backdrop call onClose; the title names the
 * dialog for screen readers.
 */
export function Modal(props: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const { title, onClose, children, className } = props;
  const titleId = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="modal-backdrop">
      <button
        type="button"
        className="modal-dismiss"
        aria-label={t('closeDialog')}
        tabIndex={-1}
        onClick={onClose}
      />
      <div className={`modal ${className ?? ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
