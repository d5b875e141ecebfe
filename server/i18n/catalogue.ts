import { domainEn } from '../../src/i18n/en/domain';
import { domain as hiDomain } from '../../src/i18n/hi/domain';
import { domain as mrDomain } from '../../src/i18n/mr/domain';
import { MONEY_WORDS } from './catalogue-money';

/**
 * The server's words in Hindi and Marathi, keyed by the English text the code throws or answers
 * (`{name}` marks a value). src/domain's validation messages come from the app's own catalogue
 * (src/i18n/{hi,mr}/domain.ts), so a bid refused by the server reads as the app would say it.
 * tests/server/i18n checks that every player-facing message of the source is here.
 */
const OWN: Record<string, [hi: string, mr: string]> = {
  ...MONEY_WORDS,
  // Sign-in, OTP and account
  'Invalid phone number or password': ['मोबाइल नंबर या पासवर्ड ग़लत है', 'मोबाईल नंबर किंवा पासवर्ड चुकीचा आहे'],
  'Your account has been blocked. Please contact support.': [
    'आपका खाता बंद कर दिया गया है। सपोर्ट से बात करें।',
    'तुमचे खाते बंद केले आहे. सपोर्टशी बोला.',
  ],
  'Session expired, please login again': ['सेशन ख़त्म हो गया, फिर से लॉगिन करें', 'सेशन संपले, पुन्हा लॉगिन करा'],
  'Authentication required. Please login.': ['पहले लॉगिन करें।', 'आधी लॉगिन करा.'],
  'This call is for players only': ['यह सिर्फ़ खिलाड़ियों के लिए है', 'हे फक्त खेळाडूंसाठी आहे'],
  'Admin access required': ['यह सिर्फ़ ऑपरेटर के लिए है', 'हे फक्त ऑपरेटरसाठी आहे'],
  'Only an owner may do this': ['यह सिर्फ़ मालिक कर सकता है', 'हे फक्त मालक करू शकतो'],
  'You can only view your own account': ['आप सिर्फ़ अपना खाता देख सकते हैं', 'तुम्ही फक्त तुमचे खाते पाहू शकता'],
  'Invalid referral code': ['रेफ़रल कोड ग़लत है', 'रेफरल कोड चुकीचा आहे'],
  'Invalid OTP': ['OTP ग़लत है', 'OTP चुकीचा आहे'],
  'OTP expired or not found. Please request a new OTP.': [
    'OTP की मियाद ख़त्म हो गई। नया OTP मंगाएं।',
    'OTP ची मुदत संपली. नवीन OTP मागवा.',
  ],
  'Too many wrong attempts. Please request a new OTP.': [
    'बहुत बार ग़लत OTP डाला। नया OTP मंगाएं।',
    'खूप वेळा चुकीचा OTP टाकला. नवीन OTP मागवा.',
  ],
  'Please wait {wait} seconds before requesting another OTP': [
    'नया OTP मंगाने से पहले {wait} सेकंड रुकें',
    'नवीन OTP मागवण्याआधी {wait} सेकंद थांबा',
  ],
  'Please verify the OTP before resetting your password': [
    'पासवर्ड बदलने से पहले OTP जाँचें',
    'पासवर्ड बदलण्याआधी OTP तपासा',
  ],
  'OTP sent successfully': ['OTP भेज दिया गया', 'OTP पाठवला'],
  'OTP verified successfully': ['OTP सही है', 'OTP बरोबर आहे'],
  'Login successful': ['लॉगिन हो गया', 'लॉगिन झाले'],
  'Registration successful!': ['खाता बन गया!', 'खाते उघडले!'],
  'The current password is not right': ['मौजूदा पासवर्ड सही नहीं है', 'सध्याचा पासवर्ड बरोबर नाही'],
  'Password changed. Your other sessions have ended.': [
    'पासवर्ड बदल गया। बाक़ी सब जगह से लॉगआउट हो गया।',
    'पासवर्ड बदलला. बाकी सगळीकडून लॉगआउट झाले.',
  ],
  'Password reset successfully. Please login with your new password.': [
    'पासवर्ड बदल गया। नए पासवर्ड से लॉगिन करें।',
    'पासवर्ड बदलला. नवीन पासवर्डने लॉगिन करा.',
  ],
  'Logged out successfully': ['लॉगआउट हो गया', 'लॉगआउट झाले'],
  'Device token saved': ['सूचना के लिए फ़ोन जुड़ गया', 'सूचनांसाठी फोन जोडला'],
  'Language saved': ['भाषा सेव हो गई', 'भाषा सेव्ह झाली'],
  'User updated': ['खाता अपडेट हो गया', 'खाते अपडेट झाले'],
  'Phone number is required': ['मोबाइल नंबर डालें', 'मोबाईल नंबर टाका'],
  'Please enter a valid phone number': ['सही मोबाइल नंबर डालें', 'योग्य मोबाईल नंबर टाका'],
  'Name must be at most 100 characters': ['नाम 100 अक्षरों से लंबा नहीं हो सकता', 'नाव 100 अक्षरांपेक्षा मोठे नको'],
  'Password must be at most 128 characters': [
    'पासवर्ड 128 अक्षरों से लंबा नहीं हो सकता',
    'पासवर्ड 128 अक्षरांपेक्षा मोठा नको',
  ],
  'Purpose must be login, registration or password': ['OTP का काम सही नहीं है', 'OTP चे काम बरोबर नाही'],
  'Device token is required': ['फ़ोन का टोकन नहीं मिला', 'फोनचा टोकन मिळाला नाही'],
  'Device token is too long': ['फ़ोन का टोकन बहुत लंबा है', 'फोनचा टोकन खूप मोठा आहे'],
  'Too many login attempts. Please try again later.': [
    'बहुत बार लॉगिन की कोशिश हुई। थोड़ी देर बाद कोशिश करें।',
    'खूप वेळा लॉगिनचा प्रयत्न झाला. थोड्या वेळाने प्रयत्न करा.',
  ],
  'Too many OTP requests from your network. Please try again later.': [
    'आपके नेटवर्क से बहुत OTP मांगे गए। थोड़ी देर बाद कोशिश करें।',
    'तुमच्या नेटवर्कवरून खूप OTP मागवले. थोड्या वेळाने प्रयत्न करा.',
  ],
  'Too many registrations from your network. Please try again later.': [
    'आपके नेटवर्क से बहुत खाते बने। थोड़ी देर बाद कोशिश करें।',
    'तुमच्या नेटवर्कवरून खूप खाती उघडली. थोड्या वेळाने प्रयत्न करा.',
  ],
  'Too many login attempts from your network. Please try again later.': [
    'आपके नेटवर्क से बहुत लॉगिन हुए। थोड़ी देर बाद कोशिश करें।',
    'तुमच्या नेटवर्कवरून खूप लॉगिन झाले. थोड्या वेळाने प्रयत्न करा.',
  ],
  'Too many payment requests from your network. Please try again later.': [
    'आपके नेटवर्क से बहुत पेमेंट मांगे गए। थोड़ी देर बाद कोशिश करें।',
    'तुमच्या नेटवर्कवरून खूप पेमेंट मागवले. थोड्या वेळाने प्रयत्न करा.',
  ],
  // Bids and password reset (issue 19)
  'The market changed while your bid was placed. Please try again.': [
    'बोली लगाते समय मार्केट बदल गया। फिर से कोशिश करें।',
    'बोली लावताना मार्केट बदलले. पुन्हा प्रयत्न करा.',
  ],
  'Too many password reset attempts. Please try again later.': [
    'पासवर्ड बदलने की बहुत कोशिशें हुईं। थोड़ी देर बाद कोशिश करें।',
    'पासवर्ड बदलण्याचे खूप प्रयत्न झाले. थोड्या वेळाने प्रयत्न करा.',
  ],
  // Not found
  'User not found': ['खाता नहीं मिला', 'खाते सापडले नाही'],
  'Game not found': ['मार्केट नहीं मिला', 'मार्केट सापडले नाही'],
  'Order not found': ['ऑर्डर नहीं मिला', 'ऑर्डर सापडली नाही'],
  'Fund request not found': ['फंड की मांग नहीं मिली', 'फंडची मागणी सापडली नाही'],
  'Player not found': ['खिलाड़ी नहीं मिला', 'खेळाडू सापडला नाही'],
  'Withdrawal not found': ['निकासी नहीं मिली', 'पैसे काढण्याची मागणी सापडली नाही'],
  'Resource not found': ['नहीं मिला', 'सापडले नाही'],
  'API route not found': ['यह पता नहीं मिला', 'हा पत्ता सापडला नाही'],
  'Not found': ['नहीं मिला', 'सापडले नाही'],
  // Requests the app never sends wrong, still answered in the player's language
  'Operation failed. Please try again.': ['काम नहीं हुआ। फिर से कोशिश करें।', 'काम झाले नाही. पुन्हा प्रयत्न करा.'],
  'Something went wrong. Please try again.': [
    'कुछ गड़बड़ हो गई। फिर से कोशिश करें।',
    'काहीतरी चूक झाली. पुन्हा प्रयत्न करा.',
  ],
  'Malformed JSON body': ['मांग पढ़ी नहीं जा सकी', 'मागणी वाचता आली नाही'],
  'Send the body as application/json': ['मांग JSON में भेजें', 'मागणी JSON मध्ये पाठवा'],
  'The request body is nested too deeply': ['मांग बहुत उलझी हुई है', 'मागणी खूप गुंतागुंतीची आहे'],
  'Control characters are not allowed': ['इसमें ऐसे अक्षर नहीं चलेंगे', 'यात असे अक्षर चालणार नाहीत'],
  'Request body is too large': ['मांग बहुत बड़ी है', 'मागणी खूप मोठी आहे'],
  'Invalid input': ['ग़लत जानकारी', 'चुकीची माहिती'],
  'Invalid {name}': ['{name} ग़लत है', '{name} चुकीचे आहे'],
  'Id is required': ['ID डालें', 'ID टाका'],
  'Id is too long': ['ID बहुत लंबा है', 'ID खूप मोठा आहे'],
  'Date must be YYYY-MM-DD': ['तारीख़ YYYY-MM-DD में डालें', 'तारीख YYYY-MM-DD मध्ये टाका'],
  'Time must be HH:mm': ['समय HH:mm में डालें', 'वेळ HH:mm मध्ये टाका'],
  'Time must be HH:mm (00:00 to 23:59)': [
    'समय HH:mm में डालें (00:00 से 23:59)',
    'वेळ HH:mm मध्ये टाका (00:00 ते 23:59)',
  ],
  'from must not be after to': [
    'शुरू की तारीख़ आख़िरी तारीख़ के बाद नहीं हो सकती',
    'सुरुवातीची तारीख शेवटच्या तारखेनंतर नको',
  ],
  'Nothing to update': ['बदलने को कुछ नहीं है', 'बदलण्यासारखे काही नाही'],
  'Username is required': ['यूज़रनेम डालें', 'युजरनेम टाका'],
  'Choose en, hi or mr': ['en, hi या mr चुनें', 'en, hi किंवा mr निवडा'],
  'Webhook received': ['मिल गया', 'मिळाले'],
  // Operator writes answered from shared routes (the console sends its own token: English there)
  'App link updated': ['ऐप लिंक अपडेट हो गया', 'ॲप लिंक अपडेट झाली'],
  'Bid amount range updated': ['बोली की सीमा अपडेट हो गई', 'बोलीची मर्यादा अपडेट झाली'],
  'Contact details updated': ['संपर्क अपडेट हो गया', 'संपर्क अपडेट झाला'],
  'Maintenance status updated': ['मेंटेनेंस अपडेट हो गया', 'मेंटेनन्स अपडेट झाला'],
  'Rates updated': ['रेट अपडेट हो गए', 'रेट अपडेट झाले'],
  'Game updated': ['मार्केट अपडेट हो गया', 'मार्केट अपडेट झाले'],
  'Game deleted': ['मार्केट हटा दिया गया', 'मार्केट काढले'],
  'Help text updated': ['मदद का लेख अपडेट हो गया', 'मदतीचा मजकूर अपडेट झाला'],
  'Withdrawal rejected and refunded': ['निकासी नामंज़ूर, पैसे वॉलेट में वापस', 'पैसे काढणे नामंजूर, पैसे वॉलेटमध्ये परत'],
  // Operators' two-factor sign-in, from shared contracts (the console itself stays English)
  'Set up two-factor sign-in first': ['पहले टू-फ़ैक्टर लॉगिन चालू करें', 'आधी टू-फॅक्टर लॉगिन चालू करा'],
  'Sign in with your password first': ['पहले पासवर्ड से लॉगिन करें', 'आधी पासवर्डने लॉगिन करा'],
  'Enter the 6-digit code from your authenticator app': [
    'ऑथेंटिकेटर ऐप का 6 अंकों का कोड डालें',
    'ऑथेंटिकेटर ॲपचा 6 अंकी कोड टाका',
  ],
  'Enter a recovery code': ['रिकवरी कोड डालें', 'रिकव्हरी कोड टाका'],
  'Enter a recovery code like abcde-fgh23': [
    'abcde-fgh23 जैसा रिकवरी कोड डालें',
    'abcde-fgh23 सारखा रिकव्हरी कोड टाका',
  ],
  'Send the code from your authenticator app, or one recovery code': [
    'ऑथेंटिकेटर ऐप का कोड या एक रिकवरी कोड भेजें',
    'ऑथेंटिकेटर ॲपचा कोड किंवा एक रिकव्हरी कोड पाठवा',
  ],
  // Pushes (server/services/push/queue.ts translates them as they are queued)
  'You won!': ['आप जीत गए!', 'तुम्ही जिंकलात!'],
  // Amounts in the money mode's unit (issue 49): '₹950', or '950 points' (said 'पॉइंट').
  '{amount} won in {game} has been added to your wallet.': [
    '{game} में जीते {amount} आपके वॉलेट में जुड़ गए।',
    '{game} मध्ये जिंकलेले {amount} तुमच्या वॉलेटमध्ये जमा झाले.',
  ],
  '{game} result': ['{game} रिज़ल्ट', '{game} रिझल्ट'],
  'Funds added successfully': ['फंड जुड़ गया', 'फंड जमा झाला'],
  'Fund request rejected': ['फंड की मांग नामंज़ूर', 'फंडची मागणी नामंजूर'],
  // Deposits and withdrawals exist in money mode only: their amounts are rupees.
  '{amount} was added to your wallet.': ['{amount} आपके वॉलेट में जुड़ गए।', '{amount} तुमच्या वॉलेटमध्ये जमा झाले.'],
  'Your fund request of {amount} was rejected.': [
    '{amount} की आपकी फंड की मांग नामंज़ूर हुई।',
    'तुमची {amount} ची फंड मागणी नामंजूर झाली.',
  ],
  'Withdrawal approved': ['निकासी मंज़ूर', 'पैसे काढणे मंजूर'],
  'Withdrawal rejected': ['निकासी नामंज़ूर', 'पैसे काढणे नामंजूर'],
  'Your withdrawal of {amount} has been paid.': [
    '{amount} की आपकी निकासी का भुगतान हो गया।',
    'तुमचे {amount} काढण्याचे पैसे दिले गेले.',
  ],
  'Your withdrawal of {amount} was rejected and refunded to your wallet.': [
    '{amount} की आपकी निकासी नामंज़ूर हुई और पैसे वॉलेट में वापस आ गए।',
    'तुमची {amount} काढण्याची मागणी नामंजूर झाली आणि पैसे वॉलेटमध्ये परत आले.',
  ],
  // Withdrawals paid with proof (issue 48: services/money/withdrawal-pushes.ts). The operator's own
  // reason stays as they wrote it; "Payment failed at the bank", the server's, is translated.
  'Your withdrawal of {amount} was rejected and refunded to your wallet. Reason: {reason}': [
    '{amount} की आपकी निकासी नामंज़ूर हुई और पैसे वॉलेट में वापस आ गए। कारण: {reason}',
    'तुमची {amount} काढण्याची मागणी नामंजूर झाली आणि पैसे वॉलेटमध्ये परत आले. कारण: {reason}',
  ],
  'Withdrawal paid': ['निकासी का पैसा भेज दिया गया', 'पैसे काढण्याचे पेमेंट झाले'],
  'Your withdrawal of {amount} was paid on {when}, UTR {utr}': [
    '{amount} की आपकी निकासी का पैसा {when} को भेजा गया, UTR {utr}',
    'तुमचे {amount} काढण्याचे पेमेंट {when} ला झाले, UTR {utr}',
  ],
  'Your withdrawal of {amount} was paid on {when}.': [
    '{amount} की आपकी निकासी का पैसा {when} को भेजा गया।',
    'तुमचे {amount} काढण्याचे पेमेंट {when} ला झाले.',
  ],
  'UTR of your withdrawal': ['आपकी निकासी का UTR', 'तुमच्या पैसे काढण्याचा UTR'],
  'Your withdrawal of {amount} paid on {when}: UTR {utr}': [
    '{when} को भेजी गई {amount} की आपकी निकासी: UTR {utr}',
    '{when} ला पेमेंट झालेले तुमचे {amount}: UTR {utr}',
  ],
  'Withdrawal failed at the bank': ['बैंक में निकासी फ़ेल हो गई', 'बँकेत पैसे काढणे अयशस्वी झाले'],
  'Your withdrawal of {amount} could not be paid by the bank and was refunded to your wallet.': [
    '{amount} की आपकी निकासी का पैसा बैंक नहीं भेज पाया, पैसे आपके वॉलेट में वापस आ गए।',
    'तुमचे {amount} काढण्याचे पेमेंट बँक करू शकली नाही, पैसे तुमच्या वॉलेटमध्ये परत आले.',
  ],
  'Payment failed at the bank': ['बैंक में पेमेंट फ़ेल हो गया', 'बँकेत पेमेंट अयशस्वी झाले'],
  'This withdrawal is being paid and can no longer be cancelled': [
    'इस निकासी का पैसा भेजा जा रहा है, अब यह रद्द नहीं हो सकती',
    'या पैसे काढण्याचे पेमेंट होत आहे, आता ते रद्द करता येणार नाही',
  ],
  // SMS (server/services/auth/otp.ts)
  '{code} is your {purpose} OTP. It is valid for {minutes} minutes. Do not share it with anyone.': [
    '{code} आपका {purpose} OTP है। यह {minutes} मिनट तक चलेगा। इसे किसी को न बताएं।',
    '{code} हा तुमचा {purpose} OTP आहे. तो {minutes} मिनिटे चालेल. तो कोणालाही सांगू नका.',
  ],
  // Sign-up rules (src/contracts/auth.ts AUTH_MESSAGES), worded as the app's sign-in page says them
  // (src/i18n/{hi,mr}/auth.ts; tests/server/i18n holds the two to the same words). The app's
  // English tables need the DOM, so the server cannot import them.
  'Password is required': ['पासवर्ड डालें', 'पासवर्ड टाका'],
  'Password must be at least 6 characters long': [
    'पासवर्ड कम से कम 6 अक्षर का होना चाहिए',
    'पासवर्ड किमान 6 अक्षरांचा हवा',
  ],
  'New password is required': ['नया पासवर्ड डालें', 'नवीन पासवर्ड टाका'],
  'Please confirm your password': ['पासवर्ड दोबारा डालें', 'पासवर्ड पुन्हा टाका'],
  'Passwords do not match': ['दोनों पासवर्ड एक जैसे नहीं हैं', 'दोन्ही पासवर्ड सारखे नाहीत'],
  'Name is required': ['नाम डालें', 'नाव टाका'],
  'You must be 18 or older to play': [
    'खेलने के लिए आपकी उम्र 18 साल या उससे ज़्यादा होनी चाहिए',
    'खेळण्यासाठी तुमचे वय 18 वर्षे किंवा त्याहून अधिक असले पाहिजे',
  ],
  'OTP must be exactly 4 digits': ['OTP ठीक 4 अंकों का होना चाहिए', 'OTP बरोबर 4 अंकी हवा'],
  login: ['लॉगिन', 'लॉगिन'],
  registration: ['रजिस्ट्रेशन', 'नोंदणी'],
  'password reset': ['पासवर्ड बदलने का', 'पासवर्ड बदलण्याचा'],
  // Live results and notifications (issue 40)
  'Your notification choices were saved': ['आपकी सूचना की पसंद सेव हो गई', 'तुमची सूचनांची निवड सेव झाली'],
  'One of the markets does not exist': ['इनमें से एक मार्केट मौजूद नहीं है', 'यातील एक मार्केट अस्तित्वात नाही'],
  'Results must be all, followed or none': [
    'रिज़ल्ट के लिए all, followed या none चुनें',
    'रिझल्टसाठी all, followed किंवा none निवडा',
  ],
  'Markets must be a list of market ids': [
    'मार्केट, मार्केट id की सूची होनी चाहिए',
    'मार्केट ही मार्केट id ची यादी हवी',
  ],
  'You can follow at most 200 markets': [
    'आप ज़्यादा से ज़्यादा 200 मार्केट फ़ॉलो कर सकते हैं',
    'तुम्ही जास्तीत जास्त 200 मार्केट फॉलो करू शकता',
  ],
  'Choose on or off': ['चालू या बंद चुनें', 'चालू किंवा बंद निवडा'],
  'Device not found': ['डिवाइस नहीं मिला', 'डिव्हाइस सापडले नाही'],
  'Device removed': ['डिवाइस हटा दिया गया', 'डिव्हाइस काढले'],
  'Too many live connections right now: results still arrive by refreshing': [
    'अभी बहुत ज़्यादा लाइव कनेक्शन हैं: रिज़ल्ट रिफ़्रेश से आते रहेंगे',
    'सध्या खूप लाइव्ह कनेक्शन आहेत: रिझल्ट रिफ्रेशने येत राहतील',
  ],
  'The server is restarting: live results are back in a moment': [
    'सर्वर दोबारा शुरू हो रहा है: लाइव रिज़ल्ट थोड़ी देर में लौटेंगे',
    'सर्व्हर पुन्हा सुरू होत आहे: लाइव्ह रिझल्ट थोड्याच वेळात परत येतील',
  ],
  // Registration of a registered phone: its owner's SMS (issue 45, services/auth/send-code.ts)
  'Someone tried to open a new account with this phone number. You already have an account: log in with your password, or tap "Forget Password?" to set a new one. If it was not you, ignore this message.':
    [
      'किसी ने इस मोबाइल नंबर से नया खाता खोलने की कोशिश की। आपका खाता पहले से बना है: अपने पासवर्ड से लॉगिन करें, या नया पासवर्ड बनाने के लिए "पासवर्ड भूल गए?" दबाएं। अगर यह आपने नहीं किया, तो इस मैसेज को छोड़ दें।',
      'कोणीतरी या मोबाईल नंबरने नवीन खाते उघडण्याचा प्रयत्न केला. तुमचे खाते आधीच आहे: तुमच्या पासवर्डने लॉगिन करा, किंवा नवीन पासवर्डसाठी "पासवर्ड विसरलात?" दाबा. हे तुम्ही केले नसेल, तर या मेसेजकडे दुर्लक्ष करा.',
    ],
};

/** English template -> [Hindi, Marathi]: the server's own words plus the domain's messages. */
export const SERVER_CATALOGUE: Readonly<Record<string, readonly [string, string]>> = (() => {
  const all: Record<string, [string, string]> = { ...OWN };
  for (const key of Object.keys(domainEn) as Array<keyof typeof domainEn>)
    all[domainEn[key]] = [hiDomain[key], mrDomain[key]];
  return all;
})();
