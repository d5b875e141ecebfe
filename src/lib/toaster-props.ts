import type { ToasterProps } from 'react-hot-toast';

// How the toasts show, read by the Toaster's own lazy chunk (app-toaster.tsx), not the first load.

/** docs/product.md section 9: error 4 s, success 2 s, anything else 5 s, top-right, at most 20 shown. */
export const TOAST_LIMIT = 20;

/**
 * Toasts start below the 56 px header (issue 49): over it they hid the balance chip just as a bid
 * or a deposit changed it.
 */
export const TOAST_TOP_PX = 64;

export const TOASTER_PROPS: ToasterProps = {
  position: 'top-right',
  containerClassName: 'toaster',
  containerStyle: { top: TOAST_TOP_PX },
  toastOptions: {
    duration: 5000,
    error: { duration: 4000 },
    success: { duration: 2000 },
  },
};
