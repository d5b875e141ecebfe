import type { Rates } from '../../src/domain/types';

/** Typical rates of game-rules section 6 ("10 KA 95" = point 10, amount 95). */
export const MAIN_RATES: Rates = {
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
};

export const STARLINE_RATES: Rates = {
  singleDigitPoint: 10,
  singleDigitAmount: 100,
  singlePannaPoint: 10,
  singlePannaAmount: 1600,
  doublePannaPoint: 10,
  doublePannaAmount: 3000,
  triplePannaPoint: 10,
  triplePannaAmount: 10000,
};

export const GALI_RATES: Rates = {
  jodiDigitPoint: 10,
  jodiDigitAmount: 950,
  leftDigitPoint: 10,
  leftDigitAmount: 95,
  rightDigitPoint: 10,
  rightDigitAmount: 95,
};
