import type { OtpPurpose } from '../../../src/contracts/auth';
import type { Lang } from '../../../src/i18n/languages';
import type { UserRow } from '../../db/repositories/users';
import type { Queryable } from '../../db/types';
import type { Env } from '../../env';
import { translate } from '../../i18n/translate';
import type { Logger } from '../../logger';
import { queueSms } from '../sms/queue';
import { issueOtp, issueUnguessableOtp } from './otp';

/**
 * The SMS the owner of a registered phone gets when someone registers with it (issue 45): the way
 * back in, and no code, so no second account can come of it. In the owner's saved language.
 */
export const ALREADY_REGISTERED_SMS =
  'Someone tried to open a new account with this phone number. You already have an account: log in with your password, or tap "Forget Password?" to set a new one. If it was not you, ignore this message.';

/**
 * What a phone gets when a code of `purpose` is asked for it (register, forget-password,
 * resend-otp), while the caller answers the same whatever happens here (docs/api.md "Auth"):
 * - a player who may use such a code (known, not blocked, and for registration not yet verified)
 *   gets it;
 * - anyone else gets no code, but a stand-in is stored (otp.ts issueUnguessableOtp), so verifying,
 *   guessing five times and resending answer as they would for a real code;
 * - the owner of a verified phone someone tried to register is told so (ALREADY_REGISTERED_SMS).
 */
export async function sendCodeOrStandIn(
  q: Queryable,
  deps: { env: Env; logger: Logger },
  phone: string,
  purpose: OtpPurpose,
  user: UserRow | null,
  asked: Lang | null,
): Promise<void> {
  const registered = purpose === 'registration' && user?.is_verified === true;
  if (user && !user.is_blocked && !registered) {
    await issueOtp(q, deps, phone, purpose, asked);
    return;
  }
  await issueUnguessableOtp(q, deps.env, phone, purpose);
  if (user && registered && !user.is_blocked) {
    await queueSms(q, deps, { phone, purpose, text: translate(ALREADY_REGISTERED_SMS, user.language) });
  }
}
