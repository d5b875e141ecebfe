import { useCallback, useState } from 'react';
import {
  fetchWithdrawalMethods,
  saveWithdrawalMethod,
  type WithdrawalMethod,
  type WithdrawalMethodBody,
  type WithdrawalMethodName,
} from '../../api/withdrawals';
import { readKey, saveRead } from '../../lib/saved-reads';
import { showError, showSuccess } from '../../lib/toast';
import { useKeptRead } from '../../lib/use-kept-read';

export const METHOD_SAVED = 'Withdrawal method saved';

/** The player's saved methods, kept for offline (forgotten at logout): Withdrawal and Profile. */
const METHODS_KEY = readKey('private', 'withdrawal-methods');

/** The player's saved payout methods by name (one per method), and saving one. */
export function useMethods() {
  const [saved, setSaved] = useState<ReadonlyMap<WithdrawalMethodName, WithdrawalMethod>>(new Map());
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);

  // Read when the screen opens; offline, the last copy answers (issue 39: Withdrawal offline said
  // "No PhonePe details saved" though one was).
  useKeptRead({
    key: METHODS_KEY,
    fetch: fetchWithdrawalMethods,
    copy: 'offline',
    on: {
      done: (list) => {
        setSaved(new Map(list.map((m) => [m.method, m])));
        setLoaded(true);
      },
      failed: (error) => {
        setLoaded(true);
        showError((error as Error).message);
      },
    },
  });

  const save = useCallback(async (body: WithdrawalMethodBody): Promise<boolean> => {
    setSaving(true);
    try {
      const method = await saveWithdrawalMethod(body);
      setSaved((prev) => {
        const next = new Map(prev).set(method.method, method);
        saveRead(METHODS_KEY, [...next.values()]);
        return next;
      });
      showSuccess(METHOD_SAVED);
      return true;
    } catch (error) {
      showError((error as Error).message);
      return false;
    } finally {
      setSaving(false);
    }
  }, []);

  return { saved, loaded, saving, save };
}
