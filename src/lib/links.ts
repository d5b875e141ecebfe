/**
 * The WhatsApp chat link for a number as settings or profiles hold it; a bare 10-digit Indian
 * mobile gets the 91 country code.
 * @example whatsappLink('98765 43210') // 'https://wa.me/919876543210'
 */
export function whatsappLink(number: string): string {
  const digits = number.replace(/\D/g, '');
  return `https://wa.me/${digits.length === 10 ? `91${digits}` : digits}`;
}
