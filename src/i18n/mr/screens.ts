import type { screensEn } from '../en/screens';

export const screens: Record<keyof typeof screensEn, string> = {
  starlineTitle: 'स्टारलाइन',
  galidisawarTitle: 'गली दिसावर',
  noStarline: 'सध्या कोणतेही स्टारलाइन मार्केट नाही',
  noStarlineText: 'सध्या कोणतेही स्टारलाइन मार्केट चालू नाही. थोड्या वेळाने पहा.',
  noGalidisawar: 'सध्या कोणतेही गली दिसावर मार्केट नाही',
  noGalidisawarText: 'सध्या कोणतेही गली दिसावर मार्केट चालू नाही. थोड्या वेळाने पहा.',
  chooseMarket: 'होमवर एखादे मार्केट निवडा',
  loadingProfile: 'प्रोफाइल लोड होत आहे',
  profile: 'प्रोफाइल',
  verified: 'व्हेरिफाइड',
  notVerified: 'व्हेरिफाइड नाही',
  currentBalance: 'सध्याचा बॅलन्स',
  addFund: 'फंड जमा करा',
  withdrawal: 'पैसे काढा',
};
