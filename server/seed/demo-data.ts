import type { Weekday } from '../../src/domain/market-time';

/** Demo markets, docs/game-rules.md section 7 (IST), plus two demo markets that take bets all day. */
export interface DemoMain {
  name: string;
  open: string;
  close: string;
  off?: Weekday[];
}

const NIGHT_OFF: Weekday[] = ['saturday', 'sunday'];

export const DEMO_MAIN: DemoMain[] = [
  { name: 'Demo Day', open: '00:05', close: '23:55' },
  // Draws at 23:58 and 23:59, so with Demo Day (open draw 00:05) whole-day bets (jodi, sangam,
  // red bracket) and Open bets are possible all day but 23:58-00:00 IST, Close bets but 23:59-00:00.
  { name: 'Demo Night', open: '23:58', close: '23:59' },
  { name: 'Milan Morning', open: '10:15', close: '11:15' },
  { name: 'Sridevi', open: '11:35', close: '12:35' },
  { name: 'Time Bazar', open: '13:00', close: '14:00' },
  { name: 'Madhur Day', open: '13:30', close: '14:30' },
  { name: 'Milan Day', open: '15:00', close: '17:00', off: ['sunday'] },
  { name: 'Rajdhani Day', open: '15:15', close: '17:15', off: ['sunday'] },
  { name: 'Kalyan', open: '16:10', close: '18:10', off: ['sunday'] },
  { name: 'Sridevi Night', open: '19:00', close: '20:00' },
  { name: 'Milan Night', open: '21:00', close: '23:00', off: NIGHT_OFF },
  { name: 'Kalyan Night', open: '21:25', close: '23:35', off: NIGHT_OFF },
  { name: 'Rajdhani Night', open: '21:35', close: '23:45', off: NIGHT_OFF },
  { name: 'Main Bazar', open: '21:35', close: '00:05', off: NIGHT_OFF },
];

/** Hourly starline draws 10:00-21:00. */
export const DEMO_STARLINE = Array.from({ length: 12 }, (_, i) => {
  const hour = 10 + i;
  const label = `${hour > 12 ? hour - 12 : hour}:00 ${hour >= 12 ? 'PM' : 'AM'}`;
  return { name: `Starline ${label}`, open: `${String(hour).padStart(2, '0')}:00` };
});

export const DEMO_GALI = [
  { name: 'Desawar', open: '05:00' },
  { name: 'Faridabad', open: '18:00' },
  { name: 'Ghaziabad', open: '21:00' },
  { name: 'Gali', open: '23:30' },
];

/** docs/game-rules.md section 6. */
export const DEMO_RATES = {
  main: {
    singleDigitPoint: 10,
    singleDigitAmount: 95,
    jodiDigitPoint: 10,
    jodiDigitAmount: 950,
    singlePannaPoint: 10,
    singlePannaAmount: 1400,
    doublePannaPoint: 10,
    doublePannaAmount: 2800,
    triplePannaPoint: 10,
    triplePannaAmount: 7000,
    halfSangamPoint: 10,
    halfSangamAmount: 10000,
    fullSangamPoint: 10,
    fullSangamAmount: 100000,
  },
  starline: {
    singleDigitPoint: 10,
    singleDigitAmount: 100,
    singlePannaPoint: 10,
    singlePannaAmount: 1600,
    doublePannaPoint: 10,
    doublePannaAmount: 3000,
    triplePannaPoint: 10,
    triplePannaAmount: 10000,
  },
  galidisawar: {
    jodiDigitPoint: 10,
    jodiDigitAmount: 950,
    leftDigitPoint: 10,
    leftDigitAmount: 95,
    rightDigitPoint: 10,
    rightDigitAmount: 95,
  },
};

export const DEMO_PLAYER = { name: 'Demo Player', phone: '9876543210', password: 'demo123', balance: 1000 };

export const DEMO_CONTENT = {
  // Each banner carries the caption written for its picture, in English, Hindi and Marathi.
  sliders: [
    {
      imageUrl: '/demo/slide-1.svg',
      caption: 'Play main markets every day',
      texts: { hi: { caption: 'हर दिन मेन मार्केट खेलें' }, mr: { caption: 'रोज मेन मार्केट खेळा' } },
    },
    {
      imageUrl: '/demo/slide-2.svg',
      caption: 'Starline draws all day long',
      texts: { hi: { caption: 'दिन भर स्टारलाइन के रिज़ल्ट' }, mr: { caption: 'दिवसभर स्टारलाइनचे रिझल्ट' } },
    },
    {
      imageUrl: '/demo/slide-3.svg',
      caption: 'Refer friends and earn points',
      texts: { hi: { caption: 'दोस्तों को बुलाएं, पॉइंट कमाएं' }, mr: { caption: 'मित्रांना बोलवा, पॉइंट कमवा' } },
    },
  ],
  notices: [
    {
      title: 'Welcome to the demo',
      message: 'This install runs on demo data.\nResults of the demo markets are drawn automatically.',
      texts: {
        hi: {
          title: 'डेमो में आपका स्वागत है',
          message: 'यह इंस्टॉल डेमो डेटा पर चलता है।\nडेमो मार्केट के रिज़ल्ट अपने-आप निकलते हैं।',
        },
        mr: {
          title: 'डेमोमध्ये आपले स्वागत आहे',
          message: 'हे इंस्टॉल डेमो डेटावर चालते.\nडेमो मार्केटचे रिझल्ट आपोआप निघतात.',
        },
      },
    },
    {
      title: 'Weekly offs',
      message:
        'Kalyan, Milan Day and Rajdhani Day are closed on Sunday.\nNight markets are closed on Saturday and Sunday.',
      texts: {
        hi: {
          title: 'साप्ताहिक छुट्टी',
          message: 'कल्याण, मिलन डे और राजधानी डे रविवार को बंद रहते हैं।\nनाइट मार्केट शनिवार और रविवार को बंद रहते हैं।',
        },
        mr: {
          title: 'साप्ताहिक सुट्टी',
          message: 'कल्याण, मिलन डे आणि राजधानी डे रविवारी बंद असतात.\nनाइट मार्केट शनिवारी आणि रविवारी बंद असतात.',
        },
      },
    },
    {
      title: 'Bid limits',
      message: 'Each bid must be between 10 and 10000 points.',
      texts: {
        hi: { title: 'बोली की सीमा', message: 'हर बोली 10 से 10000 पॉइंट के बीच होनी चाहिए।' },
        mr: { title: 'बोलीची मर्यादा', message: 'प्रत्येक बोली 10 ते 10000 पॉइंटच्या दरम्यान असावी.' },
      },
    },
  ],
  // Blender Foundation open films, standing in for how-to-play videos.
  videos: [
    {
      youtubeId: 'aqz-KE-bpKQ',
      title: 'How to place a bid',
      description: 'Pick a market, a bet type, your digits and points.',
      texts: {
        hi: { title: 'बोली कैसे लगाएं', description: 'मार्केट, बोली का प्रकार, अपने अंक और पॉइंट चुनें।' },
        mr: { title: 'बोली कशी लावावी', description: 'मार्केट, बोलीचा प्रकार, तुमचे अंक आणि पॉइंट निवडा.' },
      },
    },
    {
      youtubeId: 'eRsGyueVLvQ',
      title: 'Reading results',
      description: 'Open panna, jodi and close panna explained.',
      texts: {
        hi: { title: 'रिज़ल्ट कैसे पढ़ें', description: 'ओपन पाना, जोड़ी और क्लोज़ पाना समझें।' },
        mr: { title: 'रिझल्ट कसा वाचावा', description: 'ओपन पाना, जोडी आणि क्लोज पाना समजून घ्या.' },
      },
    },
  ],
  footerLinks: [
    {
      title: 'Privacy Policy',
      url: 'https://example.com/privacy',
      texts: { hi: { title: 'प्राइवेसी पॉलिसी' }, mr: { title: 'प्रायव्हसी पॉलिसी' } },
    },
    {
      title: 'Terms and Conditions',
      url: 'https://example.com/terms',
      texts: { hi: { title: 'नियम और शर्तें' }, mr: { title: 'नियम आणि अटी' } },
    },
  ],
  logos: [{ imageUrl: '/demo/logo.svg', app_title: 'Matka' }],
  contact: {
    whatsappnumber: '919876500000',
    telegram: 'matka_demo',
    weblink: 'https://example.com',
    mobilenumber: '+919876500000',
    email: 'support@example.com',
    additionalLink: '',
  },
  appLink: 'https://example.com/app',
  requiredUpdate: { min_bidamount: 10, max_bidamount: 10000 },
};
