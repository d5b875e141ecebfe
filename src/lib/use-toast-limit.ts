import { useEffect } from 'react';
import toast, { useToasterStore } from 'react-hot-toast';
import { TOAST_LIMIT } from './toaster-props';

/** react-hot-toast has no limit option: dismiss the oldest visible toasts beyond 20. */
export function useToastLimit(limit = TOAST_LIMIT): void {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    for (const t of visible.slice(limit)) toast.dismiss(t.id);
  }, [toasts, limit]);
}
