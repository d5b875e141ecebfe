/**
 * The browser and system a User-Agent names, for the player's device list (brand names, not
 * translated). Unknown parts are null; the app then says "Device".
 * @example deviceOf('Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')
 *   // {browser: 'Chrome', os: 'Android'}
 */
export function deviceOf(userAgent: string | undefined): { browser: string | null; os: string | null } {
  const ua = (userAgent ?? '').slice(0, 512);
  return { browser: browserOf(ua), os: systemOf(ua) };
}

const BROWSERS: [RegExp, string][] = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/EdgA?\/|Edge\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/UCBrowser\//, 'UC Browser'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];

function browserOf(ua: string): string | null {
  return BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
}

function systemOf(ua: string): string | null {
  return SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
}
