// Wire types this app reads, taken from src/contracts (the schemas the server validates with), plus
// the envelope shapes the client unwraps.
import type { AppLink, Contact, Maintenance, RequiredUpdate, ServerConfig } from '../contracts/settings';

export type { OtpPurpose, RegistrationAnswer } from '../contracts/auth';
export type { Pagination } from '../contracts/common';
export type { AppLogo, FooterLink, Notice, Slider, Video } from '../contracts/content';
export type { AnyGame, GaliGame, MainGame, StarlineGame } from '../contracts/games';
export type { RatesEntry } from '../contracts/rates';
export type { Referral } from '../contracts/referrals';
export type { User } from '../contracts/user';
export type { AppLink, Contact, Maintenance, RequiredUpdate, ServerConfig };

import type { Pagination } from '../contracts/common';
import type { User } from '../contracts/user';

export type Envelope<T> = { status: boolean; message?: string; data: T; pagination?: Pagination };

export type ErrorBody = { status: false; message: string; errors?: Record<string, string> };

export type VerifyOtpAnswer = { status: boolean; message?: string; token?: string; data?: User };
