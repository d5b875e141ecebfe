import type { Lang } from './languages';

/**
 * The install manifest's words per language (vite.config.ts writes manifest-hi.webmanifest and
 * manifest-mr.webmanifest from the English one; i18n/core.ts points the page's link at the chosen one: /manifest-<lang>.webmanifest).
 */
export const MANIFEST_TEXT: Record<
  Exclude<Lang, 'en'>,
  { name: string; short_name: string; description: string }
> = {
  hi: {
    name: 'मटका प्ले',
    short_name: 'मटका',
    description: 'मेन, स्टारलाइन और गली दिसावर मार्केट: रिज़ल्ट, चार्ट, रेट और बोली।',
  },
  mr: {
    name: 'मटका प्ले',
    short_name: 'मटका',
    description: 'मेन, स्टारलाइन आणि गली दिसावर मार्केट: रिझल्ट, चार्ट, रेट आणि बोली.',
  },
};
