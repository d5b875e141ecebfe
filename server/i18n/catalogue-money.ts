/**
 * The server's words about money and responsible play in Hindi and Marathi, keyed by the English
 * text the code throws or answers (`{name}` marks a value); catalogue.ts holds the rest.
 */
export const MONEY_WORDS: Record<string, [hi: string, mr: string]> = {
  // Money
  'Insufficient balance': ['बैलेंस कम है', 'बॅलन्स कमी आहे'],
  'Bid created successfully!': ['बोली लग गई!', 'बोली लागली!'],
  'Bid date must be the current market day': [
    'बोली की तारीख़ आज के मार्केट दिन की हो',
    'बोलीची तारीख आजच्या मार्केट दिवसाची हवी',
  ],
  'Please enter a valid amount': ['सही रक़म डालें', 'योग्य रक्कम टाका'],
  'Amount is too large': ['रक़म बहुत बड़ी है', 'रक्कम खूप मोठी आहे'],
  'Amount cannot exceed your balance': ['रक़म आपके बैलेंस से ज़्यादा नहीं हो सकती', 'रक्कम तुमच्या बॅलन्सपेक्षा जास्त नको'],
  'Please save this withdrawal method first': ['पहले यह पेमेंट तरीका सेव करें', 'आधी ही पेमेंट पद्धत सेव्ह करा'],
  'Method must be phonepe, gpay, paytm or bank': [
    'तरीका PhonePe, GPay, Paytm या बैंक होना चाहिए',
    'पद्धत PhonePe, GPay, Paytm किंवा बँक हवी',
  ],
  'Withdrawal method saved': ['पेमेंट तरीका सेव हो गया', 'पेमेंट पद्धत सेव्ह झाली'],
  'Withdrawal request submitted successfully!': ['निकासी की मांग भेज दी गई!', 'पैसे काढण्याची मागणी पाठवली!'],
  'Withdrawal cancelled and refunded': ['निकासी रद्द, पैसे वॉलेट में वापस', 'पैसे काढणे रद्द, पैसे वॉलेटमध्ये परत'],
  'This withdrawal was already decided': ['इस निकासी पर फ़ैसला हो चुका है', 'या मागणीवर निर्णय झाला आहे'],
  'Fund request created': ['फंड की मांग बन गई', 'फंडची मागणी तयार झाली'],
  'This fund request was already decided': ['इस फंड की मांग पर फ़ैसला हो चुका है', 'या फंड मागणीवर निर्णय झाला आहे'],
  'You already have {cap} pending payments. Please complete them or wait a while before adding more funds.': [
    'आपके {cap} पेमेंट अधूरे हैं। उन्हें पूरा करें या थोड़ी देर बाद फंड जोड़ें।',
    'तुमची {cap} पेमेंट अपूर्ण आहेत. ती पूर्ण करा किंवा थोड्या वेळाने फंड जमा करा.',
  ],
  'Please enter the 12-digit UTR number of your payment': [
    'अपने पेमेंट का 12 अंकों का UTR नंबर डालें',
    'तुमच्या पेमेंटचा 12 अंकी UTR नंबर टाका',
  ],
  'This UTR number was already used for another payment': [
    'यह UTR नंबर दूसरे पेमेंट में लग चुका है',
    'हा UTR नंबर दुसऱ्या पेमेंटसाठी वापरला आहे',
  ],
  'A UTR number was already submitted for this order': [
    'इस ऑर्डर का UTR नंबर पहले ही भेजा जा चुका है',
    'या ऑर्डरचा UTR नंबर आधीच पाठवला आहे',
  ],
  'UTR received': ['UTR मिल गया', 'UTR मिळाला'],
  'This order is already closed': ['यह ऑर्डर बंद हो चुका है', 'ही ऑर्डर बंद झाली आहे'],
  'This order is not a UPI payment': ['यह ऑर्डर UPI पेमेंट नहीं है', 'ही ऑर्डर UPI पेमेंट नाही'],
  'Unknown order id': ['ऑर्डर ID नहीं मिला', 'ऑर्डर ID सापडला नाही'],
  'The payment gateway is not answering right now. No money was taken; please try again in a minute.': [
    'पेमेंट गेटवे अभी जवाब नहीं दे रहा। कोई पैसा नहीं कटा; एक मिनट बाद कोशिश करें।',
    'पेमेंट गेटवे सध्या उत्तर देत नाही. पैसे कापले नाहीत; एका मिनिटाने प्रयत्न करा.',
  ],
  'This request is still being processed. Please wait.': [
    'यह काम अभी चल रहा है। रुकें।',
    'हे काम अजून चालू आहे. थांबा.',
  ],
  'This Idempotency-Key was already used for a different request': [
    'यह मांग पहले किसी और काम के लिए भेजी जा चुकी है',
    'ही मागणी आधी दुसऱ्या कामासाठी पाठवली आहे',
  ],
  'Invalid Idempotency-Key': ['मांग की पहचान ग़लत है', 'मागणीची ओळख चुकीची आहे'],
  // Automatic UPI deposits (issue 35) and cancelling an unpaid order (issue 39): answers, and the
  // UPI checkout page (services/payments/pages.ts), which speaks the player's language.
  // Issue 44: one open order per player per amount, and a popular amount paid by its UTR.
  'Many players are paying this amount right now. Pay it as usual, then enter the 12-digit UTR number from your UPI app on the payment page.':
    [
      'अभी बहुत सारे खिलाड़ी यही रक़म भेज रहे हैं। पेमेंट हमेशा की तरह करें, फिर पेमेंट पेज पर अपने UPI ऐप से 12 अंकों का UTR नंबर डालें।',
      'सध्या खूप खेळाडू हीच रक्कम पाठवत आहेत. पेमेंट नेहमीसारखे करा, मग पेमेंट पेजवर तुमच्या UPI ॲपमधील 12 अंकी UTR नंबर टाका.',
    ],
  'You already have a payment of this amount waiting: here it is again.': [
    'इस रक़म का आपका एक पेमेंट पहले से बाक़ी है: वही फिर से खोला है।',
    'या रकमेचे तुमचे एक पेमेंट आधीच बाकी आहे: तेच पुन्हा उघडले आहे.',
  ],
  'Many players are paying this amount right now, so your payment cannot be recognised by its amount alone. After paying, enter the 12-digit UTR number from your UPI app below: your wallet is credited as soon as the payment is confirmed.':
    [
      'अभी बहुत सारे खिलाड़ी यही रक़म भेज रहे हैं, इसलिए सिर्फ़ रक़म से आपका पेमेंट पहचाना नहीं जा सकता। पेमेंट करने के बाद नीचे अपने UPI ऐप से 12 अंकों का UTR नंबर डालें: पेमेंट पक्का होते ही आपके वॉलेट में पैसे आ जाएंगे।',
      'सध्या खूप खेळाडू हीच रक्कम पाठवत आहेत, म्हणून फक्त रकमेवरून तुमचे पेमेंट ओळखता येत नाही. पेमेंट केल्यावर खाली तुमच्या UPI ॲपमधील 12 अंकी UTR नंबर टाका: पेमेंट पक्के होताच तुमच्या वॉलेटमध्ये पैसे जमा होतील.',
    ],
  'Cancelled by you': ['आपने रद्द किया', 'तुम्ही रद्द केले'],
  'Order cancelled': ['ऑर्डर रद्द हो गया', 'ऑर्डर रद्द झाली'],
  'This order is already paid': ['इस ऑर्डर का पेमेंट हो चुका है', 'या ऑर्डरचे पेमेंट झाले आहे'],
  'You sent the UTR of a payment for this order: it waits for confirmation and cannot be cancelled': [
    'आपने इस ऑर्डर के पेमेंट का UTR भेजा है: यह पक्का होने का इंतज़ार कर रहा है और रद्द नहीं हो सकता',
    'तुम्ही या ऑर्डरच्या पेमेंटचा UTR पाठवला आहे: ती पक्की होण्याची वाट पाहत आहे आणि रद्द होऊ शकत नाही',
  ],
  'Too many messages from this address. Please slow down.': [
    'इस पते से बहुत सारे संदेश आए। थोड़ा धीरे भेजें।',
    'या पत्त्यावरून खूप संदेश आले. थोडे हळू पाठवा.',
  ],
  'Send one message: JSON {from, text}, an sms:received webhook, or the text itself as text/plain': [
    'एक संदेश भेजें: JSON {from, text}, sms:received वेबहुक, या सिर्फ़ text/plain में संदेश',
    'एक संदेश पाठवा: JSON {from, text}, sms:received वेबहुक, किंवा फक्त text/plain मध्ये संदेश',
  ],
  'Send the file as text/csv': ['फ़ाइल text/csv में भेजें', 'फाइल text/csv मध्ये पाठवा'],
  'UPI payment': ['UPI पेमेंट', 'UPI पेमेंट'],
  'Pay by UPI': ['UPI से पेमेंट करें', 'UPI ने पेमेंट करा'],
  Order: ['ऑर्डर', 'ऑर्डर'],
  'This order is already paid.': ['इस ऑर्डर का पेमेंट हो चुका है।', 'या ऑर्डरचे पेमेंट झाले आहे.'],
  'This order is already closed.': ['यह ऑर्डर बंद हो चुका है।', 'ही ऑर्डर बंद झाली आहे.'],
  'If you paid for it, your money is not lost: it is credited when your bank confirms the payment or an operator matches it.':
    [
      'अगर आपने इसका पेमेंट किया है, तो पैसा नहीं डूबेगा: बैंक के पक्का करते ही या ऑपरेटर के मिलाते ही वॉलेट में जुड़ जाएगा।',
      'तुम्ही याचे पेमेंट केले असेल, तर पैसे बुडणार नाहीत: बँकेने पक्के करताच किंवा ऑपरेटरने जुळवताच वॉलेटमध्ये जमा होतील.',
    ],
  'Back to the app': ['ऐप पर वापस जाएं', 'ॲपवर परत जा'],
  'Pay exactly this amount': ['ठीक इतनी ही रक़म भेजें', 'नेमकी इतकीच रक्कम पाठवा'],
  'Copy amount': ['रक़म कॉपी करें', 'रक्कम कॉपी करा'],
  Copied: ['कॉपी हो गई', 'कॉपी झाली'],
  'Pay the exact amount, paise included: it tells us the payment is yours, and your wallet is credited by itself.':
    [
      'पैसे समेत ठीक यही रक़म भेजें: इसी से पता चलता है कि पेमेंट आपका है, और वॉलेट में अपने-आप जुड़ जाता है।',
      'पैशांसह नेमकी हीच रक्कम पाठवा: यावरूनच कळते की पेमेंट तुमचे आहे, आणि वॉलेटमध्ये आपोआप जमा होते.',
    ],
  Reference: ['रेफ़रेंस', 'रेफरन्स'],
  'Time left': ['बचा समय', 'उरलेला वेळ'],
  'The time to pay has ended.': ['पेमेंट का समय ख़त्म हो गया।', 'पेमेंटची वेळ संपली.'],
  to: ['पाने वाला:', 'घेणारा:'],
  'Pay with a UPI app': ['UPI ऐप से पेमेंट करें', 'UPI ॲपने पेमेंट करा'],
  'or scan this code with any UPI app': [
    'या किसी भी UPI ऐप से यह कोड स्कैन करें',
    'किंवा कोणत्याही UPI ॲपने हा कोड स्कॅन करा',
  ],
  'I have paid': ['मैंने पेमेंट कर दिया', 'मी पेमेंट केले'],
  'Your wallet is credited as soon as your bank confirms the payment.': [
    'बैंक के पेमेंट पक्का करते ही आपके वॉलेट में पैसा जुड़ जाएगा।',
    'बँकेने पेमेंट पक्के करताच तुमच्या वॉलेटमध्ये पैसे जमा होतील.',
  ],
  'After paying, enter the 12-digit UTR number from your UPI app': [
    'पेमेंट के बाद अपने UPI ऐप से 12 अंकों का UTR नंबर डालें',
    'पेमेंटनंतर तुमच्या UPI ॲपमधील 12 अंकी UTR नंबर टाका',
  ],
  'Paid, and not credited after a few minutes? Enter the 12-digit UTR number from your UPI app': [
    'पेमेंट किया और कुछ मिनट बाद भी नहीं जुड़ा? अपने UPI ऐप से 12 अंकों का UTR नंबर डालें',
    'पेमेंट केले आणि काही मिनिटांनंतरही जमा झाले नाही? तुमच्या UPI ॲपमधील 12 अंकी UTR नंबर टाका',
  ],
  'Submit UTR': ['UTR भेजें', 'UTR पाठवा'],
  'UTR {utr} received. Your funds are added as soon as the payment is confirmed.': [
    'UTR {utr} मिल गया। पेमेंट पक्का होते ही फंड जुड़ जाएगा।',
    'UTR {utr} मिळाला. पेमेंट पक्के होताच फंड जमा होईल.',
  ],
  'UTR received. Your funds are added as soon as the payment is confirmed.': [
    'UTR मिल गया। पेमेंट पक्का होते ही फंड जुड़ जाएगा।',
    'UTR मिळाला. पेमेंट पक्के होताच फंड जमा होईल.',
  ],
  'Please log in to the app first, then open this page again.': [
    'पहले ऐप में लॉगिन करें, फिर यह पेज दोबारा खोलें।',
    'आधी ॲपमध्ये लॉगिन करा, मग हे पान पुन्हा उघडा.',
  ],
  'Sending...': ['भेज रहे हैं...', 'पाठवत आहे...'],
  'You are offline. Please try again when connected.': [
    'आप ऑफ़लाइन हैं। इंटरनेट आने पर फिर कोशिश करें।',
    'तुम्ही ऑफलाइन आहात. इंटरनेट आल्यावर पुन्हा प्रयत्न करा.',
  ],
  'Please turn on JavaScript to submit the UTR.': [
    'UTR भेजने के लिए JavaScript चालू करें।',
    'UTR पाठवण्यासाठी JavaScript चालू करा.',
  ],
  // Responsible play (issue 20): limits, pauses, points mode. Dates and amounts in {slots} are
  // put in the language by translate.ts (month names, "points").
  'Deposit limit reached: you can add {amount} more until {when}': [
    'डिपॉज़िट की सीमा पूरी: {when} तक आप {amount} और जोड़ सकते हैं',
    'डिपॉझिटची मर्यादा पूर्ण: {when} पर्यंत तुम्ही आणखी {amount} जमा करू शकता',
  ],
  'Loss limit reached: you can bid {amount} more until {when}': [
    'हार की सीमा पूरी: {when} तक आप {amount} की और बोली लगा सकते हैं',
    'तोट्याची मर्यादा पूर्ण: {when} पर्यंत तुम्ही आणखी {amount} ची बोली लावू शकता',
  ],
  'Daily stake limit reached: you can bid {amount} more until {when}': [
    'रोज़ की बोली की सीमा पूरी: {when} तक आप {amount} की और बोली लगा सकते हैं',
    'रोजच्या बोलीची मर्यादा पूर्ण: {when} पर्यंत तुम्ही आणखी {amount} ची बोली लावू शकता',
  ],
  'Your account is paused until {date}': ['आपका खाता {date} तक रुका हुआ है', 'तुमचे खाते {date} पर्यंत थांबवले आहे'],
  'Your account is already paused until a later date. A pause cannot be shortened or lifted.': [
    'आपका खाता पहले से इससे आगे की तारीख़ तक रुका है। रोक न छोटी हो सकती है, न हट सकती है।',
    'तुमचे खाते आधीच यापुढच्या तारखेपर्यंत थांबवले आहे. ही बंदी कमी करता येत नाही की उठवता येत नाही.',
  ],
  'Deposits and withdrawals are off: points have no cash value': [
    'फंड जोड़ना और निकासी बंद है: पॉइंट की कोई नकद क़ीमत नहीं है',
    'फंड जमा करणे आणि पैसे काढणे बंद आहे: पॉइंटला रोख किंमत नाही',
  ],
  'Your limits were saved': ['आपकी सीमाएं सेव हो गईं', 'तुमच्या मर्यादा सेव्ह झाल्या'],
  'Your time-out has started': ['आपका टाइम-आउट शुरू हो गया', 'तुमचा टाइम-आउट सुरू झाला'],
  'Your self-exclusion has started': ['आपका सेल्फ-एक्सक्लूज़न शुरू हो गया', 'तुमचे सेल्फ-एक्सक्लूजन सुरू झाले'],
  'A limit must be a number of rupees or null': [
    'सीमा रुपयों में लिखें, या ख़ाली छोड़ें',
    'मर्यादा रुपयांत लिहा, किंवा रिकामी सोडा',
  ],
  'A limit must be a whole number of rupees': ['सीमा पूरे रुपयों में लिखें', 'मर्यादा पूर्ण रुपयांत लिहा'],
  'A limit cannot be negative': ['सीमा माइनस में नहीं हो सकती', 'मर्यादा उणे असू शकत नाही'],
  'A limit must be at most 1,00,00,000': [
    'सीमा 1,00,00,000 से ज़्यादा नहीं हो सकती',
    'मर्यादा 1,00,00,000 पेक्षा जास्त नको',
  ],
  'Send at least one limit': ['कम से कम एक सीमा भरें', 'किमान एक मर्यादा भरा'],
  'The reality check comes every 15, 30 or 60 minutes': [
    'रियलिटी चेक हर 15, 30 या 60 मिनट में आता है',
    'रियॅलिटी चेक दर 15, 30 किंवा 60 मिनिटांनी येतो',
  ],
  'A time-out lasts 1, 7 or 30 days': [
    'टाइम-आउट 1, 7 या 30 दिन का होता है',
    'टाइम-आउट 1, 7 किंवा 30 दिवसांचा असतो',
  ],
  'A self-exclusion lasts 6, 12 or 60 months': [
    'सेल्फ-एक्सक्लूज़न 6, 12 या 60 महीने का होता है',
    'सेल्फ-एक्सक्लूजन 6, 12 किंवा 60 महिन्यांचे असते',
  ],
  'since must be an ISO instant': ['समय सही नहीं है', 'वेळ बरोबर नाही'],
  'from must be a date YYYY-MM-DD': ['शुरू की तारीख़ YYYY-MM-DD में डालें', 'सुरुवातीची तारीख YYYY-MM-DD मध्ये टाका'],
  'to must be a date YYYY-MM-DD': ['आख़िरी तारीख़ YYYY-MM-DD में डालें', 'शेवटची तारीख YYYY-MM-DD मध्ये टाका'],
};
