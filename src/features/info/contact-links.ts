import type { Contact } from '../../api/types';
import { tPages as t } from '../../i18n/en/pages';
import { whatsappLink } from '../../lib/links';

type ContactRow = { label: string; value: string; href: string };

/** A Telegram handle ('@matka' or 'matka') or link as a t.me address. */
export function telegramLink(handle: string): string {
  if (/^https?:\/\//i.test(handle)) return handle;
  return `https://t.me/${handle.replace(/^@/, '')}`;
}

/**
 * The contact rows of docs/product.md section 2 in its order; only fields with a value appear.
 * @example contactRows({email: 'a@b.in'}) // [{label: 'Email', value: 'a@b.in', href: 'mailto:a@b.in'}]
 */
export function contactRows(c: Partial<Contact>): ContactRow[] {
  const rows: Array<ContactRow | null> = [
    c.telegram ? { label: t('telegram'), value: c.telegram, href: telegramLink(c.telegram) } : null,
    c.weblink ? { label: t('website'), value: c.weblink, href: c.weblink } : null,
    c.mobilenumber
      ? { label: t('contactNumber'), value: c.mobilenumber, href: `tel:${c.mobilenumber.replace(/\s/g, '')}` }
      : null,
    c.whatsappnumber
      ? { label: t('whatsapp'), value: c.whatsappnumber, href: whatsappLink(c.whatsappnumber) }
      : null,
    c.email ? { label: t('email'), value: c.email, href: `mailto:${c.email}` } : null,
    c.additionalLink ? { label: t('additionalLink'), value: c.additionalLink, href: c.additionalLink } : null,
  ];
  return rows.filter((r): r is ContactRow => r !== null);
}
