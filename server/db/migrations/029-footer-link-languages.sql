-- Issue 49: App Setting showed "Privacy Policy" and "Terms and Conditions" in English to Hindi and
-- Marathi players. A footer link's title is now written per language like a notice's (migration
-- 022): `texts` holds {"hi": {"title": "..."}, "mr": {...}}, a language left out showing the English.
ALTER TABLE footer_links ADD COLUMN texts jsonb NOT NULL DEFAULT '{}'::jsonb
  CONSTRAINT footer_links_texts_object CHECK (jsonb_typeof(texts) = 'object');

-- The demo install's two links (server/seed/demo-data.ts) get the titles a new demo install has.
UPDATE footer_links SET texts = '{"hi": {"title": "प्राइवेसी पॉलिसी"}, "mr": {"title": "प्रायव्हसी पॉलिसी"}}'
 WHERE title = 'Privacy Policy' AND url = 'https://example.com/privacy' AND texts = '{}'::jsonb;
UPDATE footer_links SET texts = '{"hi": {"title": "नियम और शर्तें"}, "mr": {"title": "नियम आणि अटी"}}'
 WHERE title = 'Terms and Conditions' AND url = 'https://example.com/terms' AND texts = '{}'::jsonb;
