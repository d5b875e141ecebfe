import { DEMO_RATES } from '../../server/seed/demo-data';
import type { Rates } from '../../src/domain/types';

/**
 * Typical rates of docs/game-rules.md section 6 ("10 KA 95" = point 10, amount 95), as the seed installs
 * them; the settlement tests work their expected wins out by hand from these numbers.
 */
export const MAIN_RATES: Rates = DEMO_RATES.main;
export const STARLINE_RATES: Rates = DEMO_RATES.starline;
export const GALI_RATES: Rates = DEMO_RATES.galidisawar;
