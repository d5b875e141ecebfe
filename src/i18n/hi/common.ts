import type { commonEn } from '../en/common';

export const common: Record<keyof typeof commonEn, string> = {
  language: 'भाषा',
  cancel: 'रद्द करें',
  closeDialog: 'बंद करें',
  errorTitle: 'ऐप में कुछ गड़बड़ हो गई!',
  goHome: 'होम पर जाएं',
  notFound: 'यह पेज नहीं मिला',
  offlineLastUpdated: 'ऑफ़लाइन - आख़िरी अपडेट',
  offlineNothingSaved: 'ऑफ़लाइन - अभी कुछ सेव नहीं है',
  updateAvailable: 'ऐप का नया वर्ज़न आया है',
  reload: 'अपडेट करें',
  loading: 'लोड हो रहा है',
};
