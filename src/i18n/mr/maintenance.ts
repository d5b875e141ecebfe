import type { maintenanceEn } from '../en/maintenance';

export const maintenance: Record<keyof typeof maintenanceEn, string> = {
  maintenanceTitle: 'काम सुरू आहे',
  maintenanceDefault: 'आम्ही ॲप सुधारत आहोत. थोड्या वेळाने या.',
  maintenanceUntil: 'कधीपर्यंत:',
  maintenanceSupport: 'कोणत्याही मदतीसाठी आमच्या सपोर्ट टीमशी बोला.',
  contactWhatsapp: 'WhatsApp वर बोला',
};
