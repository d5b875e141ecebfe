import type { screensEn } from '../en/screens';

export const screens: Record<keyof typeof screensEn, string> = {
  starlineTitle: 'स्टारलाइन',
  galidisawarTitle: 'गली दिसावर',
  noStarline: 'अभी कोई स्टारलाइन मार्केट नहीं',
  noStarlineText: 'अभी कोई स्टारलाइन मार्केट चालू नहीं है। थोड़ी देर बाद देखें।',
  noGalidisawar: 'अभी कोई गली दिसावर मार्केट नहीं',
  noGalidisawarText: 'अभी कोई गली दिसावर मार्केट चालू नहीं है। थोड़ी देर बाद देखें।',
  chooseMarket: 'होम पर कोई मार्केट चुनें',
  loadingProfile: 'प्रोफ़ाइल लोड हो रही है',
  profile: 'प्रोफ़ाइल',
  verified: 'वेरिफ़ाइड',
  notVerified: 'वेरिफ़ाइड नहीं',
  currentBalance: 'अभी का बैलेंस',
  addFund: 'फंड जोड़ें',
  withdrawal: 'निकासी',
};
