import { useState } from 'react';

// The lines a console screen shows about its calls: loading, a refusal, what a write did.

/** A read's state: its error, or "Loading..." while it runs, else nothing. */
export function Status({ loading, error }: { loading: boolean; error: string | null }) {
  if (error) return <ErrorLine text={error} />;
  return loading ? <p className="muted">Loading...</p> : null;
}

/** The server's refusal, word for word, read out by screen readers. */
export function ErrorLine({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="error">
      {text}
    </p>
  ) : null;
}

/**
 * What a write did ("Session ended"), announced politely. It stays in view at the top of the
 * screen while the operator scrolls (a tap far down a phone's page still shows its outcome) until
 * they dismiss it or the next write says something else.
 */
export function Notice({ text }: { text: string | null }) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!text || dismissed === text) return null;
  return (
    <p role="status" className="notice">
      <span>{text}</span>
      <button type="button" className="dismiss" aria-label="Dismiss" onClick={() => setDismissed(text)}>
        ×
      </button>
    </p>
  );
}
