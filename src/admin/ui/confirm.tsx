import { type ReactNode, useEffect, useId, useState } from 'react';

/**
 * A button that asks before it acts: the question names what will happen (amount, recipient), and
 * only "Yes" runs `onConfirm`. Escape or "Back" closes it. While the action runs, "Yes" waits.
 */
export function ConfirmButton(props: {
  label: string;
  question: ReactNode;
  yes: string;
  onConfirm: () => Promise<unknown> | unknown;
  danger?: boolean;
  disabled?: boolean;
  ariaLabel?: string;
  /** Checked before asking; a message here is shown instead of the question. */
  check?: () => string | null;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <button
        type="button"
        className={props.danger ? 'danger' : undefined}
        disabled={props.disabled}
        aria-label={props.ariaLabel}
        onClick={() => {
          const why = props.check?.() ?? null;
          setProblem(why);
          if (!why) setOpen(true);
        }}
      >
        {props.label}
      </button>
      {problem ? <span className="error">{problem}</span> : null}
      {open ? (
        <div className="confirm-backdrop">
          <div className="confirm card" role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
            <p id={titleId} className="confirm-question">
              {props.question}
            </p>
            <div className="confirm-actions">
              <button type="button" className="secondary" onClick={() => setOpen(false)}>
                Back
              </button>
              <button
                type="button"
                className={props.danger ? 'danger' : undefined}
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  try {
                    await props.onConfirm();
                  } finally {
                    setBusy(false);
                    setOpen(false);
                  }
                }}
              >
                {busy ? 'Working...' : props.yes}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
