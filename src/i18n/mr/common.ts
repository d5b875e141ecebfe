import type { commonEn } from '../en/common';

export const common: Record<keyof typeof commonEn, string> = {
  language: 'भाषा',
  cancel: 'रद्द करा',
  closeDialog: 'बंद करा',
  errorTitle: 'ॲपमध्ये काहीतरी चूक झाली!',
  goHome: 'होमवर जा',
  notFound: 'हे पान सापडले नाही',
  offlineLastUpdated: 'ऑफलाइन - शेवटचे अपडेट',
  offlineNothingSaved: 'ऑफलाइन - अजून काही सेव्ह नाही',
  updateAvailable: 'ॲपची नवीन आवृत्ती आली आहे',
  reload: 'अपडेट करा',
  loading: 'लोड होत आहे',
};
