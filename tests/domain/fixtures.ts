import type { GameTimes } from '../../src/domain/windows';

/** An instant given as IST wall time: ist('2026-11-20 16:10') or with seconds. */
export const ist = (wall: string): Date => {
  const [day, time = '00:00'] = wall.split(' ');
  return new Date(`${day}T${time.length === 5 ? `${time}:00` : time}+05:30`);
};

const days = (open: string, close: string, off: string[]) =>
  Object.fromEntries(
    ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [
      d,
      { openTime: open, closeTime: close, marketStatus: !off.includes(d) },
    ]),
  );

/** Kalyan 16:10-18:10, shut on Sunday (docs/game-rules.md section 7). */
export const kalyan: GameTimes = {
  family: 'main',
  gameName: 'Kalyan',
  openTime: '16:10',
  closeTime: '18:10',
  isActive: true,
  currentMarketStatus: true,
  schedule: days('16:10', '18:10', ['sunday']),
};

/** Main Bazar 21:35-00:05 (runs past midnight), shut on Saturday and Sunday. */
export const mainBazar: GameTimes = {
  family: 'main',
  gameName: 'Main Bazar',
  openTime: '21:35',
  closeTime: '00:05',
  isActive: true,
  currentMarketStatus: true,
  schedule: days('21:35', '00:05', ['saturday', 'sunday']),
};

/** A starline draw at 10:00, no close time. */
export const starline10: GameTimes = {
  family: 'starline',
  gameName: 'Starline 10:00',
  openTime: '10:00',
  isActive: true,
  currentMarketStatus: true,
  marketStatus: true,
};

/** Gali, one draw at 23:30. */
export const gali: GameTimes = {
  family: 'galidisawar',
  gameName: 'Gali',
  openTime: '23:30',
  closeTime: null,
  isActive: true,
  currentMarketStatus: true,
  marketStatus: true,
};
