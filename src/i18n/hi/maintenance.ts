import type { maintenanceEn } from '../en/maintenance';

export const maintenance: Record<keyof typeof maintenanceEn, string> = {
  maintenanceTitle: 'काम चल रहा है',
  maintenanceDefault: 'हम ऐप को बेहतर बना रहे हैं। थोड़ी देर बाद आएं।',
  maintenanceUntil: 'कब तक:',
  maintenanceSupport: 'किसी भी मदद के लिए हमारी सपोर्ट टीम से बात करें।',
  contactWhatsapp: 'WhatsApp पर बात करें',
};
