import type { Deps, Principal } from '../deps';

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
  };
}
