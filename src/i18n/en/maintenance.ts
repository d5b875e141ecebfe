import { translator } from '../core';

/** The maintenance screen (its own lazy chunk, like the screen). */
export const maintenanceEn = {
  maintenanceTitle: 'Under Maintenance',
  maintenanceDefault: 'We are improving the app. Please check back soon.',
  maintenanceUntil: 'Expected completion:',
  maintenanceSupport: 'For any help, contact our support team.',
  contactWhatsapp: 'Contact on WhatsApp',
} as const;

export const tMaintenance = translator('maintenance', maintenanceEn);
