import { useLanguage } from '../i18n/core';
import { tLayout as t } from '../i18n/en/layout';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';
import { chooseLanguage } from '../lib/language';

/** English, हिंदी, मराठी, each by its own name and marked with its language for screen readers. */
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
          onClick={() => void chooseLanguage(l)}
        >
          {LANGUAGE_NAMES[l]}
        </button>
      ))}
    </fieldset>
  );
}
