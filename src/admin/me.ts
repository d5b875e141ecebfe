import { createContext } from 'react';

/** The signed-in operator (GET /admin/me); screens hide what the role may not do. */
export type Me = {
  _id: string;
  username: string;
  role: 'owner' | 'staff';
  twoFactor: boolean;
  /** ADMIN_REQUIRE_2FA and no second factor yet: only the security screen works. */
  mustSetUpTwoFactor: boolean;
};

export const MeContext = createContext<Me | null>(null);

/** Reads /admin/me again (after two-factor sign-in changes). */
export const ReloadMeContext = createContext<() => void>(() => undefined);
