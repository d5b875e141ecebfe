import type { Deps, Principal } from '../deps';

/** 'admin': any operator; 'owner': an operator with the owner role. */
export type AuthRequirement = 'public' | 'optional' | 'player' | 'admin' | 'owner' | 'any';

export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    /** The client's limiting key (http/client-address.ts), set before any route runs. */
    clientAddress: string;
    principal?: Principal;
    /** Set by a route that answered with its own (pre-compressed) encoding: compressJson skips it. */
    encoded?: boolean;
    /**
     * Reads a GET path of the API with this request's credentials and answers its `data` (undefined
     * when it is not a plain 200 read): the audit log's before and after (http/audit.ts).
     */
    readAsOperator?: (path: string) => Promise<unknown>;
    /** The audit row written ahead of this operator write (http/audit.ts), completed after it. */
    auditRowId?: string;
    /**
     * An operator sign-in past the address limit (routes/admin-auth.ts): what it named, for its
     * audit row (http/audit.ts auditSignIns), whatever its outcome.
     */
    signIn?: { username: string } | { challenge: string };
    /** The route's `auth` (http/router.ts): only public answers are kept in memory (read-cache.ts). */
    routeAuth?: AuthRequirement;
  };
}
