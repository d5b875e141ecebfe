import { createContext } from 'react';

/** The signed-in operator (GET /admin/me); screens hide what the role may not do. */
export type Me = { _id: string; username: string; role: 'owner' | 'staff' };

export const MeContext = createContext<Me | null>(null);
