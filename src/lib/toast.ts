import toast, { type ToasterProps } from 'react-hot-toast';
import { localize } from '../i18n/core';

/** product.md section 9: error 4 s, success 2 s, anything else 5 s, top-right, at most 20 shown. */
export const TOAST_LIMIT = 20;

export const TOASTER_PROPS: ToasterProps = {
  position: 'top-right',
  toastOptions: {
    duration: 5000,
    error: { duration: 4000 },
    success: { duration: 2000 },
  },
};

export function showError(message: string): string {
  return toast.error(localize(message));
}

export function showSuccess(message: string): string {
  return toast.success(localize(message));
}

export function showInfo(message: string): string {
  return toast(localize(message));
}
