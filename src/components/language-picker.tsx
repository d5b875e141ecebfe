import { tCommon as t } from '../i18n/en/common';
import { LANGUAGES, type Lang } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import './language-picker.css';

/** Each language by its own name (never translated: a reader finds their own). */
const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', hi: 'हिंदी', mr: 'मराठी' };

/**
 * English, हिंदी, मराठी, each by its own name and marked with its language for screen readers. The
 * switching code loads on the first tap (the sign-in page's first load stays within its budget).
 */
export function LanguagePicker({ className }: { className?: string }) {
  const current = useLanguage();
  return (
    <fieldset className={`language-picker${className ? ` ${className}` : ''}`}>
      <legend>{t('language')}</legend>
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          className={`language-option${l === current ? ' active' : ''}`}
          aria-pressed={l === current}
          onClick={() => void import('../lib/language').then((m) => m.chooseLanguage(l))}
        >
          {LANGUAGE_NAMES[l]}
        </button>
      ))}
    </fieldset>
  );
}
