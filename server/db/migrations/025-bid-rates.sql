-- Issue 45: a bid keeps the rate it was placed at (docs/api.md "A bid keeps the rate it was
-- placed at"). Each bid row stores the pair of its family's rate table it was accepted at, "10 KA
-- 95" as rate_point = 10, rate_amount = 95, and settlement pays floor(amount_paise x rate_amount /
-- rate_point), the same exact integer division it made from the table before. Two whole numbers
-- rather than one ratio: 95/10 is exact, but 100/3 as a number is not, and a win must never be a
-- paisa off. The operator's PUT only writes whole numbers of 1 to 100,000,000 (src/contracts/rates.ts).
ALTER TABLE bids ADD COLUMN rate_point integer, ADD COLUMN rate_amount integer;
ALTER TABLE bids ADD CONSTRAINT bids_rate_pair CHECK (
  (rate_point IS NULL) = (rate_amount IS NULL) AND (rate_point IS NULL OR (rate_point > 0 AND rate_amount >= 0)));

-- Bids placed before this migration: a pending bid takes the rate in force now, which is what it
-- would have been paid had its result come now (before, a win was paid at the table's rate when the
-- result was declared). The key an atom pays at is rateKeyFor of src/domain/rates.ts: a panna
-- pays its own class (three equal digits TP, two DP, else SP) whatever expander made it, a digit
-- its left, right or single digit rate, a jodi (red bracket, digit-base and group jodi too) the jodi
-- rate, sangams theirs. A settled bid keeps NULL: the rate it was paid at was not recorded, and a
-- made-up one beside its win would contradict it. A bid with no rate (settled before this
-- migration and later reverted, or pending while its family's table lacked the key or held a
-- number that is not whole) is paid at the table's rate when it settles, as every bid was before
-- (server/services/settlement/plan.ts); a bid placed from now on always has one.
WITH keyed AS (
  SELECT b.id, r.rates,
         CASE b.atom ->> 'kind'
           WHEN 'panna' THEN
             CASE
               WHEN substr(b.atom ->> 'panna', 1, 1) = substr(b.atom ->> 'panna', 2, 1)
                AND substr(b.atom ->> 'panna', 2, 1) = substr(b.atom ->> 'panna', 3, 1) THEN 'triplePanna'
               WHEN substr(b.atom ->> 'panna', 1, 1) = substr(b.atom ->> 'panna', 2, 1)
                 OR substr(b.atom ->> 'panna', 2, 1) = substr(b.atom ->> 'panna', 3, 1)
                 OR substr(b.atom ->> 'panna', 1, 1) = substr(b.atom ->> 'panna', 3, 1) THEN 'doublePanna'
               ELSE 'singlePanna'
             END
           WHEN 'jodi' THEN 'jodiDigit'
           WHEN 'half-sangam' THEN 'halfSangam'
           WHEN 'full-sangam' THEN 'fullSangam'
           ELSE CASE b.atom ->> 'target' WHEN 'left' THEN 'leftDigit' WHEN 'right' THEN 'rightDigit'
                ELSE 'singleDigit' END
         END AS rate_key
    FROM bids b JOIN rates r ON r.family = b.family
   WHERE b.status = 'pending'
), priced AS (
  SELECT id, rates ->> (rate_key || 'Point') AS point, rates ->> (rate_key || 'Amount') AS amount FROM keyed
)
UPDATE bids b SET rate_point = p.point::integer, rate_amount = p.amount::integer
  FROM priced p
 WHERE b.id = p.id
   AND p.point ~ '^[0-9]{1,9}$' AND p.amount ~ '^[0-9]{1,9}$' AND p.point::integer > 0;
