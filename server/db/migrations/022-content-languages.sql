-- Issue 39: notices, home banners and how-to-play videos written per language by operators.
-- The English columns stay what they were (required, and the fallback); `texts` holds the Hindi
-- and Marathi, {"hi": {"title": "...", "message": "..."}, "mr": {...}}, a field left out showing
-- the English. A banner's caption now belongs to its image (the app used to caption banners by
-- position from its own catalogue, so a caption could sit under another picture).
ALTER TABLE notices ADD COLUMN texts jsonb NOT NULL DEFAULT '{}'::jsonb
  CONSTRAINT notices_texts_object CHECK (jsonb_typeof(texts) = 'object');
ALTER TABLE videos ADD COLUMN texts jsonb NOT NULL DEFAULT '{}'::jsonb
  CONSTRAINT videos_texts_object CHECK (jsonb_typeof(texts) = 'object');
ALTER TABLE sliders ADD COLUMN caption text NOT NULL DEFAULT '';
ALTER TABLE sliders ADD COLUMN texts jsonb NOT NULL DEFAULT '{}'::jsonb
  CONSTRAINT sliders_texts_object CHECK (jsonb_typeof(texts) = 'object');

-- The demo banners (server/seed/demo-data.ts) keep the captions players saw, now beside the
-- picture they describe. Any other banner starts without a caption until an operator writes one.
UPDATE sliders SET caption = 'Play main markets every day',
       texts = '{"hi": {"caption": "हर दिन मेन मार्केट खेलें"}, "mr": {"caption": "रोज मेन मार्केट खेळा"}}'
 WHERE image_url = '/demo/slide-1.svg' AND caption = '';
UPDATE sliders SET caption = 'Starline draws all day long',
       texts = '{"hi": {"caption": "दिन भर स्टारलाइन के रिज़ल्ट"}, "mr": {"caption": "दिवसभर स्टारलाइनचे रिझल्ट"}}'
 WHERE image_url = '/demo/slide-2.svg' AND caption = '';
UPDATE sliders SET caption = 'Refer friends and earn points',
       texts = '{"hi": {"caption": "दोस्तों को बुलाएं, पॉइंट कमाएं"}, "mr": {"caption": "मित्रांना बोलवा, पॉइंट कमवा"}}'
 WHERE image_url = '/demo/slide-3.svg' AND caption = '';
